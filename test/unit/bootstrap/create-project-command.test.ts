import { afterEach, describe, expect, it } from 'vitest';
import { createProjectCommand } from '../../../src/bootstrap/create-project-command.js';
import { aSwitchboard, type SwitchboardHarness } from '../../support/switchboard-harness.js';

describe(createProjectCommand.name, () => {
  let h: SwitchboardHarness;
  afterEach(async () => {
    await h?.close();
  });

  it('opens a project keyed by the mailbox in lower case and prints its first key', async () => {
    h = await aSwitchboard();

    const printed = await createProjectCommand({ email: 'Ops@Example.COM', name: 'Ops' })(() => h.sut.useCases());

    expect(printed).toMatch(/^project proj_\S+ for ops@example\.com\nAPI key \(shown once, keep it safe\): sk_live_\S+$/);
  });

  it.each(['x<victim@host.com>', '"victim"@host.com', 'victim@host.com;', 'a@example.com, victim@host.com', 'Victim <victim@host.com>'])(
    'refuses %j before anything starts',
    (email) => {
      expect(() => createProjectCommand({ email })).toThrow('--email must be one plain e-mail address');
    },
  );

  it('refuses a second project for another spelling of the same mailbox', async () => {
    h = await aSwitchboard();
    await createProjectCommand({ email: 'victim@host.com' })(() => h.sut.useCases());

    await expect(createProjectCommand({ email: 'VICTIM@Host.com' })(() => h.sut.useCases())).rejects.toThrow('already exists');
  });
});
