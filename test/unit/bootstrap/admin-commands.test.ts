import { afterEach, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../../src/bootstrap/admin-commands.js';
import { aSwitchboard, type SwitchboardHarness } from '../../support/switchboard-harness.js';

describe(runAdminCommand.name, () => {
  let h: SwitchboardHarness;
  afterEach(async () => {
    await h?.close();
  });

  it('credits an account in USD and prints the new balance', async () => {
    h = await aSwitchboard();
    const owner = await h.signedUp('cli@example.com');

    const sut = await runAdminCommand('credit-account', { project: owner.project_id, amount: '10.50', reason: 'wire' }, () => h.sut.useCases());

    expect(sut).toBe(`credited 10.50 USD to ${owner.project_id}; balance 17.50 USD`);
  });

  it('raises the number limit, issues and revokes keys', async () => {
    h = await aSwitchboard();
    const owner = await h.signedUp('cli-keys@example.com');
    const useCases = () => h.sut.useCases();

    const raised = await runAdminCommand('raise-number-limit', { project: owner.project_id, limit: '25' }, useCases);
    const issued = await runAdminCommand('issue-key', { project: owner.project_id, name: 'ci' }, useCases);
    const [, keyId, clear] = /API key (key_\S+) .*: (sk_live_\S+)$/.exec(issued)!;
    const before = (await h.call('GET', '/v1/agents', { key: clear })).status;
    const revoked = await runAdminCommand('revoke-key', { key: keyId }, useCases);

    expect(raised).toContain('25 numbers');
    expect(before).toBe(200);
    expect(revoked).toContain(`revoked ${keyId}`);
    expect((await h.call('GET', '/v1/agents', { key: clear })).status).toBe(401);
  });

  it('sets how many calls a project may have in progress at once, within 1 to 10,000', async () => {
    h = await aSwitchboard();
    const owner = await h.signedUp('cli-calls@example.com');
    const useCases = () => h.sut.useCases();

    const set = await runAdminCommand('set-call-limit', { project: owner.project_id, limit: '40' }, useCases);

    expect(set).toContain('40 calls in progress at once');
    await expect(runAdminCommand('set-call-limit', { project: owner.project_id, limit: '0' }, useCases)).rejects.toThrow('maxConcurrentCalls');
    await expect(runAdminCommand('set-call-limit', { project: owner.project_id }, useCases)).rejects.toThrow('--limit');
  });

  it.each([
    ['credit-account', { project: 'proj_x' }, '--amount'],
    ['credit-account', { project: 'proj_x', amount: 'ten' }, 'USD'],
    ['raise-number-limit', { limit: '5' }, '--project'],
    ['revoke-key', {}, '--key'],
  ] as const)('%s without good arguments says what is needed', async (command, args, needed) => {
    h = await aSwitchboard();

    await expect(runAdminCommand(command, args, () => h.sut.useCases())).rejects.toThrow(needed);
  });

  it('reports a use case refusal', async () => {
    h = await aSwitchboard();

    await expect(runAdminCommand('raise-number-limit', { project: 'proj_missing', limit: '5' }, () => h.sut.useCases())).rejects.toThrow(
      'raise-number-limit failed',
    );
  });
});
