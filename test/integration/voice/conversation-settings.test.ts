import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as E from 'fp-ts/lib/Either.js';
import { loadConfig } from '../../../src/bootstrap/config.js';
import { eventually } from '../../support/eventually.js';
import { twimlElement, twimlElements, twimlVerbs } from '../../support/twiml.js';
import { aVoiceSwitchboard, RelayClient, type VoiceHarness } from './voice-harness.js';

const RECIPIENT = '+13125550142';

/** Every conversation field of the agent body, set away from its default. */
const SETTINGS = {
  interruptionSensitivity: 0.4,
  enableBackchannel: false,
  denoisingMode: 'noise-cancellation',
  sttMode: 'accurate',
  voiceSpeed: 0.9,
  modelTier: 'turbo',
  enableMessaging: true,
  endOfTurnTimeoutMs: 900,
  hints: ['Acme', 'Zephyr'],
  interruptible: 'speech',
  greetingInterruptible: 'none',
  profanityFilter: false,
  languages: [{ code: 'es-ES', voice: 'Google.es-ES-Neural2-A', transcriptionProvider: 'Google', speechModel: 'telephony' }],
  ambientSound: 'coffee-shop',
} as const;

describe('agent conversation settings', () => {
  let sut: VoiceHarness;
  beforeEach(async () => {
    sut = await aVoiceSwitchboard();
  });
  afterEach(async () => {
    await sut.stop();
  });

  it('round-trips every field through REST, saying what the carrier cannot honour', async () => {
    const created = await sut.api('POST', '/v1/agents', { name: 'Tuned', voice: 'ElevenLabs.UgBBYS2sOqTuMpoF3BR0', ...SETTINGS });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ ...SETTINGS, unsupported: ['ambientSound', 'modelTier'] });
    expect((await sut.api('GET', `/v1/agents/${created.body.id}`)).body).toMatchObject(SETTINGS);

    const updated = await sut.api('PATCH', `/v1/agents/${created.body.id}`, { voiceSpeed: null, interruptionSensitivity: null, ambientSound: 'none', hints: [] });
    expect(updated.body).toMatchObject({ voiceSpeed: null, interruptionSensitivity: 0.8, hints: [], unsupported: ['modelTier'], sttMode: 'accurate' });
  });

  it.each([
    [{ interruptionSensitivity: 1.5 }, 'interruptionSensitivity', '0 to 1'],
    [{ sttMode: 'slow' }, 'sttMode', 'one of fast, accurate'],
    [{ modelTier: 'huge' }, 'modelTier', 'one of turbo, balanced, max'],
    [{ interruptible: 'always' }, 'interruptible', 'one of none, dtmf, speech, any'],
    [{ hints: Array.from({ length: 501 }, (_, i) => `w${i}`) }, 'hints', '500'],
    [{ endOfTurnTimeoutMs: 50 }, 'endOfTurnTimeoutMs', '100 to 10000'],
    [{ voiceSpeed: 1.1 }, 'voiceSpeed', 'ElevenLabs'],
    [{ languages: [{ code: 'es-ES' }] }, 'languages', 'voice'],
    [{ languages: [{ code: 'de-DE', voice: 'Google.de-DE-Neural2-A' }] }, 'languages.0.voice', 'GET /v1/agents/voices'],
  ])('refuses %j with 422 naming the field and what it takes, storing nothing', async (body, field, allowed) => {
    const refused = await sut.api('POST', '/v1/agents', { name: 'Refused', voice: 'Google.en-US-Journey-O', ...body });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain(field);
    expect(refused.text).toContain(allowed);
    expect((await sut.api('GET', '/v1/agents')).body.total).toBe(0);
  });

  it('puts the settings in the TwiML of inbound and outbound calls', async () => {
    const line = await sut.anAgentOnTheLine({ voice: 'ElevenLabs.UgBBYS2sOqTuMpoF3BR0', ...SETTINGS });
    const inbound = await sut.inboundCall(line.phoneNumber);
    await sut.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: RECIPIENT });
    const outbound = String(sut.fake.requestsTo('createCall')[0]!.form.Twiml);

    for (const twiml of [inbound.twiml, outbound]) {
      expect(twimlElement(twiml, 'ConversationRelay').attributes).toMatchObject({
        interruptSensitivity: 'medium',
        ignorebackchannel: 'false',
        backgroundnoisereduction: 'true',
        transcriptionProvider: 'Google',
        speechModel: 'long',
        speechtimeout: '900',
        hints: 'Acme,Zephyr',
        interruptible: 'speech',
        welcomeGreetingInterruptible: 'none',
        profanityFilter: 'false',
        voice: 'UgBBYS2sOqTuMpoF3BR0-flash_v2_5-0.90_0.5_0.75',
      });
      expect(twimlElements(twiml, 'Language').map((l) => l.attributes.code)).toEqual(['es-ES']);
    }
  });

  it('lets one outbound call choose its language, voice and turn-taking over the agent’s, and refuses a language the agent has not', async () => {
    const line = await sut.anAgentOnTheLine({ languages: SETTINGS.languages, interruptible: 'speech' });
    const placed = await sut.api('POST', '/v1/calls', {
      agentId: line.agentId,
      toNumber: RECIPIENT,
      language: 'es-ES',
      interruptible: 'none',
      interruptionSensitivity: 0.1,
      endOfTurnTimeoutMs: 1500,
      greetingInterruptible: 'dtmf',
      enableBackchannel: false,
    });
    expect(placed.status).toBe(200);
    const relay = twimlElement(String(sut.fake.requestsTo('createCall')[0]!.form.Twiml), 'ConversationRelay').attributes;
    expect(relay).toMatchObject({
      language: 'es-ES',
      ttsProvider: 'Google',
      voice: 'es-ES-Neural2-A',
      interruptible: 'none',
      interruptSensitivity: 'low',
      speechtimeout: '1500',
      welcomeGreetingInterruptible: 'dtmf',
      ignorebackchannel: 'false',
    });
    expect((await sut.api('GET', `/v1/agents/${line.agentId}`)).body).toMatchObject({ interruptible: 'speech', endOfTurnTimeoutMs: null });

    const refused = await sut.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: RECIPIENT, language: 'de-DE' });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('en-US, es-ES');
    const badTurn = await sut.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: RECIPIENT, interruptible: 'sometimes' });
    expect(badTurn.status).toBe(422);
    expect(sut.fake.requestsTo('createCall')).toHaveLength(1);
  });

  it('switches the relay to another of the agent’s languages when the webhook answers `action: "language"`, and to no other', async () => {
    const line = await sut.anAgentOnTheLine({ languages: SETTINGS.languages });
    const answers = [
      [{ text: 'Claro, hablemos en español.' }, { action: 'language', language: 'es-ES' }],
      [{ action: 'language', language: 'de-DE' }, { text: 'Lo siento.' }],
    ];
    sut.hook.handler = (request, res) =>
      void res.writeHead(200, { 'content-type': 'application/json' }).end(request.body.event === 'agent.message' ? JSON.stringify(answers.shift()) : '');
    const inbound = await sut.inboundCall(line.phoneNumber);
    const relay = await RelayClient.open(inbound.relayUrl!);
    relay.setup(inbound.callSid);

    relay.prompt('¿Habla español?');
    await relay.until((frames) => frames.some((f) => f.type === 'language'));
    relay.prompt('Sprechen Sie Deutsch?', 'es-ES');
    await relay.until((frames) => frames.some((f) => f.token === 'Lo siento.'));

    expect(relay.frames.filter((f) => f.type === 'language')).toEqual([{ type: 'language', ttsLanguage: 'es-ES', transcriptionLanguage: 'es-ES' }]);
    const callerLanguages = async () =>
      ((await sut.api('GET', `/v1/calls/${inbound.callId}`)).body.transcript as { role: string; language?: string }[])
        .filter((turn) => turn.role === 'user')
        .map((turn) => turn.language);
    await eventually(async () => (await callerLanguages()).length === 2, { what: 'both caller turns stored' });
    expect(await callerLanguages()).toEqual(['en-US', 'es-ES']);
    relay.close();
  });

  it('records outbound calls with the same <Start><Recording> ahead of <Connect> as inbound ones', async () => {
    await sut.read(async (tx) => tx.projects.save({ ...(await tx.projects.findById(sut.owner.projectId))!, recordingEnabled: true }));
    const line = await sut.anAgentOnTheLine();
    const inbound = await sut.inboundCall(line.phoneNumber);
    const placed = await sut.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: RECIPIENT });
    const created = sut.fake.requestsTo('createCall')[0]!.form;
    const outbound = String(created.Twiml);

    expect(twimlVerbs(inbound.twiml)).toEqual(['Start', 'Connect']);
    expect(twimlVerbs(outbound)).toEqual(['Start', 'Connect']);
    const withoutCallId = (twiml: string, callId: string) => {
      const attributes = { ...twimlElement(twiml, 'Recording').attributes };
      attributes.recordingStatusCallback = attributes.recordingStatusCallback!.replace(callId, 'CALL');
      return attributes;
    };
    expect(withoutCallId(outbound, placed.body.id)).toEqual(withoutCallId(inbound.twiml, inbound.callId!));
    expect(created).not.toHaveProperty('Record');
  });
});

describe('the operator’s sttMode pairs', () => {
  let sut: VoiceHarness;
  beforeEach(async () => {
    const loaded = loadConfig({ STT_FAST: 'Deepgram/nova-2-phonecall', STT_ACCURATE: 'Google/telephony' });
    if (E.isLeft(loaded)) throw new Error(loaded.left.join('\n'));
    sut = await aVoiceSwitchboard({ config: { speechModes: loaded.right.speechModes } });
  });
  afterEach(async () => {
    await sut.stop();
  });

  it.each([
    ['fast', 'Deepgram', 'nova-2-phonecall'],
    ['accurate', 'Google', 'telephony'],
  ] as const)('an agent of sttMode %s transcribes with the operator’s %s %s on inbound and outbound calls', async (sttMode, transcriptionProvider, speechModel) => {
    const line = await sut.anAgentOnTheLine({ sttMode });
    const inbound = await sut.inboundCall(line.phoneNumber);
    await sut.api('POST', '/v1/calls', { agentId: line.agentId, toNumber: RECIPIENT });
    const outbound = String(sut.fake.requestsTo('createCall')[0]!.form.Twiml);

    for (const twiml of [inbound.twiml, outbound]) {
      expect(twimlElement(twiml, 'ConversationRelay').attributes).toMatchObject({ transcriptionProvider, speechModel });
    }
  });
});
