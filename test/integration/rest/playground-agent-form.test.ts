import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AGENT_FORM, AGENT_FORM_FIELDS, AGENT_FORM_SCRIPT } from '../../../src/adapters/playground/agent-panel.js';
import { aVoiceSwitchboard, type VoiceHarness } from '../voice/voice-harness.js';

/** The few parts of an element the form's script touches. */
interface FakeElement {
  value: string;
  checked: boolean;
  disabled: boolean;
  textContent: string;
  readonly listeners: Record<string, () => void>;
  addEventListener(type: string, listener: () => void): void;
}

const anElement = (): FakeElement => ({
  value: '',
  checked: false,
  disabled: false,
  textContent: '',
  listeners: {},
  addEventListener(type, listener) {
    this.listeners[type] = listener;
  },
});

/**
 * The form's script, run as the playground page runs it (inside its function, with its `$`,
 * `api`, `state` and `status`), on elements of its own and the real API.
 */
const theForm = (url: string, key: string) => {
  const elements = new Map<string, FakeElement>();
  const $ = (id: string) => elements.get(id) ?? elements.set(id, anElement()).get(id)!;
  const state: { agents: Record<string, Record<string, unknown>> } = { agents: {} };
  const said: { text: string; error: boolean }[] = [];
  let saving: Promise<unknown> = Promise.resolve();
  const api = (method: string, path: string, body?: unknown) => {
    const sent = fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (response) => {
      const json = (await response.json()) as { error?: { message: string } };
      if (!response.ok) throw new Error(json.error?.message ?? `HTTP ${response.status}`);
      return json;
    });
    saving = sent.catch(() => undefined).then(() => new Promise((resolve) => setImmediate(resolve)));
    return sent;
  };
  const status = (text: string, error = false) => void said.push({ text, error });
  const script = new Function('$', 'api', 'state', 'status', `${AGENT_FORM_SCRIPT}\nreturn { fillAgentForm, readAgentForm };`);
  const form = script($, api, state, status) as { fillAgentForm: () => void; readAgentForm: () => Record<string, unknown> };
  const save = async () => {
    $('agent-save').listeners.click!();
    await saving;
  };
  return { $, state, said, form, save };
};

const SETTINGS = {
  interruptionSensitivity: 0.3,
  enableBackchannel: false,
  denoisingMode: 'noise-cancellation',
  sttMode: 'accurate',
  voiceSpeed: 0.9,
  modelTier: 'max',
  enableMessaging: true,
  endOfTurnTimeoutMs: 800,
  hints: ['Acme', 'Zephyr'],
  interruptible: 'speech',
  greetingInterruptible: 'none',
  profanityFilter: false,
  languages: [{ code: 'es-ES', voice: 'Google.es-ES-Neural2-A', transcriptionProvider: 'Google', speechModel: 'telephony' }],
  ambientSound: 'office',
  knowledgeRetrieval: 'tool',
};

describe('the playground’s agent form', () => {
  let sut: VoiceHarness;
  beforeEach(async () => {
    sut = await aVoiceSwitchboard({ twilio: false });
  });
  afterEach(async () => {
    await sut.stop();
  });

  it('has a control for every conversation field of the agent read, and its knowledge retrieval', () => {
    const fields = AGENT_FORM_FIELDS.map((f) => f.name).sort();
    expect(fields).toEqual(Object.keys(SETTINGS).sort());
    for (const name of fields) expect(AGENT_FORM).toContain(`id="agent-${name}"`);
  });

  it('shows the agent’s settings and saves them back unchanged, then saves what was changed', async () => {
    const created = await sut.api('POST', '/v1/agents', { name: 'Tuned', voice: 'ElevenLabs.UgBBYS2sOqTuMpoF3BR0', ...SETTINGS });
    const playground = theForm(sut.url, sut.owner.key);
    playground.state.agents[created.body.id] = created.body;
    playground.$('agent').value = created.body.id;
    playground.form.fillAgentForm();

    expect(playground.$('agent-hints').value).toBe('Acme\nZephyr');
    expect(playground.$('agent-languages').value).toBe('es-ES Google.es-ES-Neural2-A Google telephony');
    expect(playground.$('agent-unsupported').textContent).toContain('ambientSound, modelTier');
    expect(playground.form.readAgentForm()).toEqual(SETTINGS);

    playground.$('agent-sttMode').value = 'fast';
    playground.$('agent-voiceSpeed').value = '';
    playground.$('agent-ambientSound').value = 'none';
    playground.$('agent-enableBackchannel').checked = true;
    playground.$('agent-languages').value = '';
    await playground.save();

    expect(playground.said.at(-1)).toEqual({ text: 'Settings saved.', error: false });
    const read = (await sut.api('GET', `/v1/agents/${created.body.id}`)).body;
    expect(read).toMatchObject({ ...SETTINGS, sttMode: 'fast', voiceSpeed: null, ambientSound: 'none', enableBackchannel: true, languages: [], unsupported: ['modelTier'] });
  });

  it('shows the API’s refusal, naming the field, and changes nothing', async () => {
    const created = await sut.api('POST', '/v1/agents', { name: 'Plain' });
    const form = theForm(sut.url, sut.owner.key);
    form.state.agents[created.body.id] = created.body;
    form.$('agent').value = created.body.id;
    form.form.fillAgentForm();
    form.$('agent-endOfTurnTimeoutMs').value = '5';
    await form.save();

    expect(form.said.at(-1)?.error).toBe(true);
    expect(form.said.at(-1)?.text).toContain('endOfTurnTimeoutMs');
    expect((await sut.api('GET', `/v1/agents/${created.body.id}`)).body.endOfTurnTimeoutMs).toBeNull();
  });
});
