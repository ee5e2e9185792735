import { parse } from 'csv-parse/sync';
import * as E from 'fp-ts/lib/Either.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import { trustE164 } from '../../../src/domain/e164.js';
import { trustMailbox } from '../../../src/domain/mailbox.js';
import { aVoiceSwitchboard, type VoiceHarness } from '../voice/voice-harness.js';
import { queriesOf } from '../../../src/bootstrap/composition/store-queries.js';

const SUPPRESSED = '+12125550191';
const CONSENTED = '+12125550192';
const UNCONSENTED = '+12125550193';
const CALLER = '+14155550194';
const TEXTER = '+14155550195';

/**
 * The compliance audit trail on the real composition: what the API, a caller and an SMS STOP
 * change, and what is refused, are all read back through `GET /v1/audit-events` and its CSV,
 * each with who did it and why.
 */
describe('the audit trail', () => {
  let h: VoiceHarness;
  let keyId: string;
  let callId: string;
  let contactId: string;
  let lineNumber: string;

  beforeAll(async () => {
    h = await aVoiceSwitchboard({ twilio: false, telephony: new SimulatedTelephony() });
    const [key] = (await queriesOf(h.uow).apiKeys.ofProject(h.owner.projectId)) ?? [];
    keyId = key!.id;
    const line = await h.anAgentOnTheLine();
    lineNumber = line.phoneNumber;

    expect((await h.api('POST', '/v1/suppressions', { phoneNumber: SUPPRESSED, channel: 'sms', reason: 'asked by e-mail' })).status).toBe(201);
    const contact = await h.api('POST', '/v1/contacts', { name: 'Ada', phoneNumber: CONSENTED, consent: { voice: { basis: 'express' } } });
    contactId = contact.body.id;
    expect((await h.api('PATCH', `/v1/contacts/${contactId}`, { consent: { voice: { basis: 'express_written', source: 'web form /signup' } } })).status).toBe(200);
    const refusedCall = await h.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: UNCONSENTED, requireConsent: 'express' });
    expect(refusedCall).toMatchObject({ status: 422, body: { error: { code: 'CONSENT_REQUIRED' } } });
    const refusedText = await h.api('POST', '/v1/messages', { agent_id: line.agentId, to_number: SUPPRESSED, body: 'Hello' });
    expect(refusedText).toMatchObject({ status: 409, body: { error: { code: 'CONTACT_SUPPRESSED' } } });

    // A caller who asks, on a webhook agent's call, not to be called again.
    h.hook.handler = (request, res) => {
      if (request.body.event !== 'agent.message') return void res.writeHead(200).end();
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end(`${JSON.stringify({ text: 'Sorry. Goodbye.', action: 'opt_out', reason: 'please never call me again', hangup: true })}\n`);
    };
    const simulated = h.sut.voice().simulated!;
    const started = await simulated.startInbound({ from: CALLER, to: line.phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    callId = started.right.callId;
    simulated.sayAsCaller(callId, 'Who is this?');
    await started.right.until((c) => c.endedBy === 'hangup');
    await started.right.finished;

    const stop = await h.sut.useCases().messages.receiveInboundSms.execute({ to: trustE164(line.phoneNumber), from: trustE164(TEXTER), body: 'Stop', mediaUrls: [], providerMessageId: null })();
    if (E.isLeft(stop)) throw new Error(stop.left._tag);
  });
  afterAll(async () => {
    await h?.stop();
  });

  const apiKey = () => ({ type: 'api_key', keyId });

  it('lists every change and refusal newest first, with its actor and reason', async () => {
    const page = await h.api('GET', '/v1/audit-events?limit=50');

    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 7, hasMore: false });
    expect(page.body.data.map((e: { kind: string; phoneNumber: string }) => `${e.kind} ${e.phoneNumber}`)).toEqual([
      `suppression.added ${TEXTER}`,
      `suppression.added ${CALLER}`,
      `attempt.refused ${SUPPRESSED}`,
      `attempt.refused ${UNCONSENTED}`,
      `consent.changed ${CONSENTED}`,
      `consent.changed ${CONSENTED}`,
      `suppression.added ${SUPPRESSED}`,
    ]);
    const [texted, asked, text, call, written, express, listed] = page.body.data;
    expect(listed).toMatchObject({ channel: 'sms', actor: apiKey(), reason: 'asked by e-mail', details: { source: 'operator' } });
    expect(express).toMatchObject({ channel: 'voice', actor: apiKey(), details: { contactId, previousBasis: null, newBasis: 'express' } });
    expect(written).toMatchObject({ channel: 'voice', actor: apiKey(), reason: 'web form /signup', details: { contactId, previousBasis: 'express', newBasis: 'express_written' } });
    expect(call).toMatchObject({ channel: 'voice', actor: apiKey(), reason: 'CONSENT_REQUIRED', details: { path: 'POST /v1/calls', campaignId: null } });
    expect(text).toMatchObject({ channel: 'sms', actor: apiKey(), reason: 'CONTACT_SUPPRESSED', details: { path: 'POST /v1/messages', campaignId: null } });
    expect(asked).toMatchObject({
      channel: 'voice',
      actor: { type: 'caller', callId, conversationId: null, words: 'please never call me again' },
      reason: 'please never call me again',
      details: { source: 'webhook_answer' },
    });
    expect(texted).toMatchObject({ channel: 'all', actor: { type: 'caller', callId: null, conversationId: expect.stringMatching(/^conv_/), words: 'Stop' }, reason: 'STOP', details: { source: 'sms_keyword' } });
  });

  it('filters by kind, number and time', async () => {
    const refused = await h.api('GET', '/v1/audit-events?kind=attempt.refused');
    expect(refused.body.data.map((e: { phoneNumber: string }) => e.phoneNumber)).toEqual([SUPPRESSED, UNCONSENTED]);
    const ofOne = await h.api('GET', `/v1/audit-events?phoneNumber=${encodeURIComponent(SUPPRESSED)}`);
    expect(ofOne.body).toMatchObject({ total: 2, data: [{ kind: 'attempt.refused' }, { kind: 'suppression.added' }] });
    const [newest] = (await h.api('GET', '/v1/audit-events?limit=1')).body.data;
    const later = await h.api('GET', `/v1/audit-events?since=${encodeURIComponent(new Date(Date.parse(newest.occurredAt) + 1).toISOString())}`);
    expect(later.body).toEqual({ data: [], hasMore: false, total: 0 });
  });

  it('exports the same as CSV, by path or Accept header, escaped as csv-parse reads it', async () => {
    const byPath = await h.api('GET', '/v1/audit-events/export.csv');
    const byAccept = await fetch(`${h.url}/v1/audit-events?kind=suppression.added`, { headers: { authorization: `Bearer ${h.owner.key}`, accept: 'text/csv' } });

    expect(byPath.status).toBe(200);
    const rows: Record<string, string>[] = parse(byPath.text, { columns: true });
    expect(rows).toHaveLength(7);
    expect(rows.find((r) => r.phoneNumber === CALLER)).toMatchObject({ kind: 'suppression.added', actorType: 'caller', actorCallId: callId, actorWords: 'please never call me again', source: 'webhook_answer' });
    expect(rows.find((r) => r.kind === 'attempt.refused' && r.phoneNumber === UNCONSENTED)).toMatchObject({ actorType: 'api_key', actorKeyId: keyId, reason: 'CONSENT_REQUIRED', path: 'POST /v1/calls' });
    expect(rows.filter((r) => r.kind === 'consent.changed').map((r) => `${r.previousBasis}>${r.newBasis}`)).toEqual(['express>express_written', '>express']);
    expect(byAccept.headers.get('content-type')).toMatch(/^text\/csv/);
    expect((parse(await byAccept.text(), { columns: true }) as Record<string, string>[]).map((r) => r.phoneNumber)).toEqual([TEXTER, CALLER, SUPPRESSED]);
  });

  it('refuses bad filters in the error envelope', async () => {
    const cases = ['kind=nope', 'since=yesterday', 'phoneNumber=12', 'limit=0', `since=2026-12-02T00:00:00Z&until=2026-12-01T00:00:00Z`];
    for (const query of cases) {
      const reply = await h.api('GET', `/v1/audit-events?${query}`);
      expect({ query, status: reply.status, code: reply.body?.error?.code }).toEqual({ query, status: 422, code: 'VALIDATION_ERROR' });
    }
    const csv = await h.api('GET', '/v1/audit-events/export.csv?kind=nope');
    expect(csv).toMatchObject({ status: 422, body: { error: { code: 'VALIDATION_ERROR' } } });
  });

  it('never shows a project another project\'s events', async () => {
    const other = await h.sut.useCases().projects.createProject.execute({ email: trustMailbox('other-audit@example.com') })();
    if (E.isLeft(other)) throw new Error('no second project');
    const theirs = await h.api('GET', '/v1/audit-events', undefined, other.right.apiKey.clear);
    expect(theirs.body).toEqual({ data: [], hasMore: false, total: 0 });
  });

  it('records an entry taken off by the API and one a START text takes off, each with who asked', async () => {
    expect((await h.api('DELETE', `/v1/suppressions/${encodeURIComponent(SUPPRESSED)}`)).status).toBe(204);
    const start = await h.sut.useCases().messages.receiveInboundSms.execute({ to: trustE164(lineNumber), from: trustE164(TEXTER), body: 'START', mediaUrls: [], providerMessageId: null })();
    if (E.isLeft(start)) throw new Error(start.left._tag);

    const removed = await h.api('GET', '/v1/audit-events?kind=suppression.removed');
    expect(removed.body.data).toMatchObject([
      { phoneNumber: TEXTER, channel: 'all', actor: { type: 'caller', words: 'START' }, reason: 'START', details: { source: 'sms_keyword' } },
      { phoneNumber: SUPPRESSED, channel: 'sms', actor: apiKey(), reason: 'asked by e-mail', details: { source: 'operator' } },
    ]);
  });
});
