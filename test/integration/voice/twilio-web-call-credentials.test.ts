import { createHmac } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/adapters/mikro-orm/database.js';
import { TwilioWebCallSetup } from '../../../src/adapters/twilio/twilio-web-call-setup.js';
import { ACCOUNT_SID, aVoiceSwitchboard, attributeOf, type VoiceHarness } from './voice-harness.js';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { aMigratedDataDir } from '../../support/pglite-template.js';

/** The claims of a Voice SDK token, once its HS256 signature checks out with `secret`. */
const claimsSignedWith = (token: string, secret: string) => {
  const [header, payload, signature] = token.split('.');
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  if (signature !== expected) throw new Error('the token is not signed with that secret');
  return JSON.parse(Buffer.from(payload!, 'base64url').toString());
};

const issuerOf = (token: string): string => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).iss;

describe(TwilioWebCallSetup.name, () => {
  const opened: { harness?: VoiceHarness; database?: Database; dataDir?: string } = {};
  afterEach(async () => {
    await opened.harness?.stop();
    await opened.database?.close();
    if (opened.dataDir) await rm(opened.dataDir, { recursive: true, force: true });
    Object.keys(opened).forEach((key) => delete opened[key as keyof typeof opened]);
  });

  const onAccountCredentialsOnly = async (options: { readonly database?: boolean } = {}) => {
    if (options.database) {
      opened.dataDir = await aMigratedDataDir('switchboard-web-call-');
      opened.database = await openDatabase({ dataDir: opened.dataDir });
    }
    opened.harness = await aVoiceSwitchboard({ uow: opened.database?.uow });
    return opened.harness;
  };

  it('makes an API key and a TwiML App at the first web call, and signs every later token with them', async () => {
    const sut = await onAccountCredentialsOnly();
    const line = await sut.anAgentOnTheLine();

    const first = await sut.api('POST', '/v1/calls/web', { agentId: line.agentId });
    const second = await sut.api('POST', '/v1/calls/web', { agentId: line.agentId });

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(sut.fake.requestsTo('createKey')).toHaveLength(1);
    expect(sut.fake.requestsTo('createApplication').map((r) => r.form)).toEqual([
      expect.objectContaining({ VoiceUrl: `${sut.url}/twilio/voice`, VoiceMethod: 'POST' }),
    ]);
    const [key] = [...sut.webCallResources.keys.values()];
    const [appSid] = [...sut.webCallResources.applications.keys()];
    for (const web of [first, second]) {
      const claims = claimsSignedWith(web.body.accessToken, key!.secret);
      expect(claims).toMatchObject({ iss: key!.sid, sub: ACCOUNT_SID });
      expect(claims.grants).toMatchObject({ identity: web.body.callId, voice: { outgoing: { application_sid: appSid } } });
    }
    const answer = await sut.twilioPost('/twilio/voice', { CallSid: 'CAweb', From: `client:${second.body.callId}`, To: '', AccountSid: ACCOUNT_SID });
    expect(attributeOf(answer.text, 'ConversationRelay', 'url')).toBe(`${sut.url.replace('http', 'ws')}/twilio/relay?callId=${second.body.callId}`);
  });

  it('keeps the key in the database with its secret sealed, never in clear', async () => {
    const sut = await onAccountCredentialsOnly({ database: true });
    const line = await sut.anAgentOnTheLine();

    expect((await sut.api('POST', '/v1/calls/web', { agentId: line.agentId })).status).toBe(200);

    const [key] = [...sut.webCallResources.keys.values()];
    const rows = JSON.stringify(await opened.database!.orm.em.fork().getConnection().execute('select * from web_call_credentials'));
    expect(rows).toContain(key!.sid);
    expect(rows).toContain(`${sut.url}/twilio/voice`);
    expect(rows).not.toContain(key!.secret);
    expect(rows).not.toContain(Buffer.from(key!.secret).toString('base64'));
    expect(rows).not.toContain(Buffer.from(key!.secret).toString('hex'));
    expect(sut.logger.lines.map((l) => JSON.stringify(l)).join('\n')).not.toContain(key!.secret);
  });

  it('answers 502 TWILIO_ERROR when Twilio refuses the TwiML App, deletes the key it made, and stores nothing; a later try makes both', async () => {
    const sut = await onAccountCredentialsOnly();
    const line = await sut.anAgentOnTheLine();
    sut.fake.failNext('createApplication', { status: 400, code: 21502, message: 'Invalid callback url' });

    const refused = await sut.api('POST', '/v1/calls/web', { agentId: line.agentId });

    expect(refused.status).toBe(502);
    expect(refused.body.error).toMatchObject({ code: 'TWILIO_ERROR', message: expect.stringContaining('TwiML App') });
    expect(sut.fake.requestsTo('createKey')).toHaveLength(1);
    expect(sut.fake.requestsTo('deleteKey')).toHaveLength(1);
    expect([sut.webCallResources.keys.size, sut.webCallResources.applications.size]).toEqual([0, 0]);
    expect(await sut.read((tx) => tx.webCallCredentials.find(ACCOUNT_SID))).toBeNull();
    expect((await sut.api('GET', '/v1/calls?type=web')).body.total).toBe(0);

    const retried = await sut.api('POST', '/v1/calls/web', { agentId: line.agentId });

    expect(retried.status).toBe(200);
    expect([sut.webCallResources.keys.size, sut.webCallResources.applications.size]).toEqual([1, 1]);
    expect(await sut.read((tx) => tx.webCallCredentials.find(ACCOUNT_SID))).toMatchObject({ keyId: [...sut.webCallResources.keys.keys()][0] });
  });

  it('answers 502 TWILIO_ERROR when Twilio refuses the key, and makes no TwiML App', async () => {
    const sut = await onAccountCredentialsOnly();
    const line = await sut.anAgentOnTheLine();
    sut.fake.failNext('createKey', { status: 401, code: 20003, message: 'Authenticate' });

    const refused = await sut.api('POST', '/v1/calls/web', { agentId: line.agentId });

    expect([refused.status, refused.body.error.code]).toEqual([502, 'TWILIO_ERROR']);
    expect(refused.body.error.message).toContain('Twilio API key');
    expect(sut.fake.requestsTo('createApplication')).toEqual([]);
    expect((sut.uow as InMemoryUnitOfWork).tables.webCallCredentials.size).toBe(0);
  });

  it('makes nothing when the API key and TwiML App are configured, and uses them', async () => {
    opened.harness = await aVoiceSwitchboard({
      webCalls: { apiKeySid: `SK${'cd'.repeat(16)}`, apiKeySecret: 'api-key-secret', twimlAppSid: `AP${'ef'.repeat(16)}` },
    });
    const sut = opened.harness;
    const line = await sut.anAgentOnTheLine();

    const web = await sut.api('POST', '/v1/calls/web', { agentId: line.agentId });

    expect(claimsSignedWith(web.body.accessToken, 'api-key-secret').grants.voice.outgoing.application_sid).toBe(`AP${'ef'.repeat(16)}`);
    expect(issuerOf(web.body.accessToken)).toBe(`SK${'cd'.repeat(16)}`);
    expect(sut.fake.requestsTo('createKey')).toEqual([]);
  });

  it('refuses a web call when only some of the three settings are given, naming them', async () => {
    opened.harness = await aVoiceSwitchboard({ webCalls: { apiKeySid: `SK${'cd'.repeat(16)}` } });
    const sut = opened.harness;
    const line = await sut.anAgentOnTheLine();

    const web = await sut.api('POST', '/v1/calls/web', { agentId: line.agentId });

    expect(web.status).toBe(502);
    expect(web.body.error.message).toContain('TWILIO_API_KEY_SID, TWILIO_API_KEY_SECRET and TWILIO_TWIML_APP_SID');
    expect(sut.fake.requestsTo('createKey')).toEqual([]);
    expect((await sut.api('GET', '/v1/calls?type=web')).body.total).toBe(0);
  });
});
