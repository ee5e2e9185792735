import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually.js';
import { twimlElement } from '../../support/twiml.js';
import { aVoiceSwitchboard, type VoiceHarness } from './voice-harness.js';

const SPANISH = { code: 'es-ES', voice: 'Google.es-ES-Neural2-A' };
const WHOLE_DAY = { weekdays: [1, 2, 3, 4, 5, 6, 7], dailyStart: '00:00', dailyEnd: '24:00', timeZone: 'UTC' };

describe('a campaign’s own language, voice and turn-taking for each call', () => {
  let sut: VoiceHarness;
  beforeEach(async () => {
    sut = await aVoiceSwitchboard();
  });
  afterEach(async () => {
    await sut.stop();
  });

  const campaignOf = (agentId: string, fields: Record<string, unknown>) =>
    sut.api('POST', '/v1/campaigns', { name: 'Recordatorios', agentId, schedule: WHOLE_DAY, recipients: [{ phoneNumber: '+12125550100' }], ...fields });

  it('dials each recipient with them in the call’s TwiML, over the agent’s, and reads them back', async () => {
    const line = await sut.anAgentOnTheLine({ languages: [SPANISH], interruptible: 'any', interruptionSensitivity: 0.9 });
    const overrides = { language: 'es-ES', interruptible: 'speech', interruptionSensitivity: 0.2, endOfTurnTimeoutMs: 1200, greetingInterruptible: 'none', enableBackchannel: false };
    const created = await campaignOf(line.agentId, overrides);
    expect(created.status, created.text).toBe(201);
    expect((await sut.api('GET', `/v1/campaigns/${created.body.id}`)).body).toMatchObject({ ...overrides, voice: null });
    const console = await fetch(`${sut.url}/admin/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sut.sut.adminToken()}` },
      body: JSON.stringify({ query: 'query ($id: ID!) { project(id: $id) { campaigns { items { callOverrides } } } }', variables: { id: sut.owner.projectId } }),
    });
    const { language, ...turnTaking } = overrides;
    expect(((await console.json()) as { data: { project: { campaigns: { items: unknown[] } } } }).data.project.campaigns.items).toEqual([
      { callOverrides: { language, voice: null, turnTaking } },
    ]);

    expect((await sut.api('POST', `/v1/campaigns/${created.body.id}/start`)).body.status).toBe('running');
    const dialled = await eventually(async () => sut.fake.requestsTo('createCall')[0] ?? null, { what: 'the campaign’s call placed' });

    expect(twimlElement(String(dialled.form.Twiml), 'ConversationRelay').attributes).toMatchObject({
      language: 'es-ES',
      ttsProvider: 'Google',
      voice: 'es-ES-Neural2-A',
      interruptible: 'speech',
      interruptSensitivity: 'low',
      speechtimeout: '1200',
      welcomeGreetingInterruptible: 'none',
      ignorebackchannel: 'false',
    });
  });

  it('speaks the agent’s own settings when the campaign sets none', async () => {
    const line = await sut.anAgentOnTheLine({ interruptible: 'dtmf' });
    const created = await campaignOf(line.agentId, {});
    expect(created.body).toMatchObject({ language: null, voice: null, interruptible: null });
    await sut.api('POST', `/v1/campaigns/${created.body.id}/start`);
    const dialled = await eventually(async () => sut.fake.requestsTo('createCall')[0] ?? null, { what: 'the campaign’s call placed' });

    expect(twimlElement(String(dialled.form.Twiml), 'ConversationRelay').attributes).toMatchObject({ language: 'en-US', interruptible: 'dtmf' });
  });

  it.each([
    [{ language: 'de-DE' }, 'language', 'en-US, es-ES'],
    [{ voice: 'Nobody.voice' }, 'voice', 'GET /v1/agents/voices'],
    [{ interruptible: 'always' }, 'interruptible', 'none, dtmf, speech, any'],
    [{ interruptionSensitivity: 2 }, 'interruptionSensitivity', '0 to 1'],
    [{ endOfTurnTimeoutMs: 20 }, 'endOfTurnTimeoutMs', '100 to 10000'],
  ])('refuses %j with 422 naming the field and what it takes, storing no campaign', async (fields, field, allowed) => {
    const line = await sut.anAgentOnTheLine({ languages: [SPANISH] });
    const refused = await campaignOf(line.agentId, fields);
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    expect(refused.text).toContain(allowed);
    expect((await sut.api('GET', '/v1/campaigns')).body.total).toBe(0);
  });
});
