import { afterEach, describe, expect, it } from 'vitest';
import { aSwitchboard, type SwitchboardHarness } from '../../support/switchboard-harness.js';

/** Spellings that nodemailer delivers to victim@host.com, and that must not open projects of their own. */
const OTHER_SPELLINGS = [
  'x<victim@host.com>',
  'Victim <victim@host.com>',
  '"Victim" <victim@host.com>',
  '<victim@host.com>',
  '"victim"@host.com',
  'victim@host.com;',
  'victim@host.com,',
  'victim@host.com (me)',
  'someone@example.com, victim@host.com',
  'someone@example.com;victim@host.com',
  'friends: victim@host.com;',
];

/** One mailbox, one project: sign-up reads the address as one plain mailbox and counts it by its key. */
describe('sign-up addresses', () => {
  let h: SwitchboardHarness;
  afterEach(async () => {
    await h?.close();
  });

  it.each(OTHER_SPELLINGS)('refuses %j with 422 on human_email and mails nothing', async (spelling) => {
    h = await aSwitchboard();

    const reply = await h.call('POST', '/v0/agent/sign-up', { body: { human_email: spelling } });

    expect(reply.status).toBe(422);
    expect(reply.body.error.code).toBe('VALIDATION_ERROR');
    expect(reply.body.error.details).toEqual([
      { field: 'human_email', type: 'value_error', message: expect.stringContaining('one plain e-mail address') },
    ]);
    expect(h.loggedCodes()).toEqual([]);
  });

  it('answers every other spelling of a mailbox that has a project with 422 or 409, never a second project', async () => {
    h = await aSwitchboard();
    await h.signedUp('victim@host.com');

    const statuses = [];
    for (const spelling of [...OTHER_SPELLINGS, 'Victim@HOST.com', 'VICTIM@host.COM', ' victim@host.com ']) {
      statuses.push((await h.call('POST', '/v0/agent/sign-up', { body: { human_email: spelling } })).status);
    }

    expect(statuses.every((status) => status === 422 || status === 409)).toBe(true);
    expect(statuses.slice(-3)).toEqual([409, 409, 409]);
    expect(h.loggedCodes()).toHaveLength(1);
  });

  it('counts every spelling of a mailbox against one per-address limit', async () => {
    h = await aSwitchboard({ env: { SIGNUP_RATE_LIMIT_EMAIL: '2/1h' } });

    const replies = [];
    for (const spelling of ['victim@host.com', ...OTHER_SPELLINGS, 'Victim@Host.com', 'VICTIM@HOST.COM']) {
      replies.push(await h.call('POST', '/v0/agent/sign-up', { body: { human_email: spelling } }));
    }

    expect(replies.map((r) => r.status)).toEqual([200, ...OTHER_SPELLINGS.map(() => 422), 200, 429]);
    expect(replies.at(-1)!.body.error.message).toContain('sign-ups per e-mail address');
    expect(h.loggedCodes()).toHaveLength(2);
  });

  it('mails the code to the local part as written, the domain in lower case, and keys the project in lower case', async () => {
    h = await aSwitchboard();

    const started = await h.call('POST', '/v0/agent/sign-up', { body: { human_email: 'Ada.Lovelace@Example.COM' } });
    const mail = h.logger.lines.find((line) => line.fields.mailer === 'console');
    const verified = await h.verify(started.body.verification_id, h.loggedCodes()[0]!);

    expect(started.body.human_email).toBe('Ada.Lovelace@example.com');
    expect(mail?.fields.to).toBe('Ada.Lovelace@example.com');
    expect(await h.read((tx) => tx.projects.findById(verified.body.project_id))).toMatchObject({ email: 'ada.lovelace@example.com' });
  });
});
