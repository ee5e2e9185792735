import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGNS_PANEL } from '../../../src/adapters/playground/campaigns-panel.js';
import { CAMPAIGN_PREVIEW_SCRIPT } from '../../../src/adapters/playground/campaign-preview-panel.js';
import { aVoiceSwitchboard, type VoiceHarness } from '../voice/voice-harness.js';

/** The few parts of an element the preview's script touches. */
interface FakeElement {
  textContent: string;
  hidden: boolean;
  disabled: boolean;
  readonly listeners: Record<string, () => Promise<void>>;
  addEventListener(type: string, listener: () => Promise<void>): void;
}

const anElement = (): FakeElement => ({
  textContent: '',
  hidden: true,
  disabled: false,
  listeners: {},
  addEventListener(type, listener) {
    this.listeners[type] = listener;
  },
});

const SUPPRESSED = '+12125550161';
const ALLOWED = '+12125550162';
const ANY_TIME = { weekdays: [1, 2, 3, 4, 5, 6, 7], dailyStart: '00:00', dailyEnd: '24:00', timeZone: 'America/New_York' };

/** Two hours of the day that do not hold the present hour in New York: a window closed now. */
const closedWindow = () => {
  const hour = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
  const start = hour <= 20 ? hour + 2 : hour - 4;
  const at = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return { weekdays: [1, 2, 3, 4, 5, 6, 7], dailyStart: at(start), dailyEnd: at(start + 1), timeZone: 'America/New_York' };
};

/**
 * The Preview's script, run as the playground page runs it (inside its function, with its `$`,
 * `api`, `status` and the Campaigns panel's `campaigns`), on elements of its own and the real API.
 */
const thePreview = (url: string, key: string) => {
  const elements = new Map<string, FakeElement>();
  const $ = (id: string) => elements.get(id) ?? elements.set(id, anElement()).get(id)!;
  const campaigns: { selected: string | null } = { selected: null };
  const said: { text: string; error: boolean }[] = [];
  const api = async (method: string, path: string) => {
    const response = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${key}` } });
    const json = (await response.json()) as { error?: { message: string } };
    if (!response.ok) throw new Error(json.error?.message ?? `HTTP ${response.status}`);
    return json;
  };
  const status = (text: string, error = false) => void said.push({ text, error });
  new Function('$', 'api', 'status', 'campaigns', CAMPAIGN_PREVIEW_SCRIPT)($, api, status, campaigns);
  const press = () => $('campaign-preview').listeners.click!();
  const counts = () =>
    Object.fromEntries(['willDial', 'suppressed', 'noConsent', 'attemptCap', 'invalidNumber', 'scheduleEnded'].map((k) => [k, $(`campaign-preview-${k}`).textContent]));
  return { $, campaigns, said, press, counts };
};

describe('the playground’s campaign preview', () => {
  let sut: VoiceHarness;
  let agentId: string;
  beforeAll(async () => {
    sut = await aVoiceSwitchboard({ twilio: false });
    agentId = (await sut.anAgentOnTheLine()).agentId;
    expect((await sut.api('POST', '/v1/suppressions', { phoneNumber: SUPPRESSED, channel: 'voice' })).status).toBe(201);
  });
  afterAll(async () => {
    await sut.stop();
  });
  const aCampaign = async (schedule: Record<string, unknown>, numbers: readonly string[]) => {
    const created = await sut.api('POST', '/v1/campaigns', { name: 'Reminders', agentId, schedule, recipients: numbers.map((phoneNumber) => ({ phoneNumber })) });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };

  it('has a Preview button and the counts it fills in the Campaigns panel', () => {
    expect(CAMPAIGNS_PANEL).toContain('id="campaign-preview"');
    for (const key of ['willDial', 'suppressed', 'noConsent', 'attemptCap', 'invalidNumber', 'scheduleEnded', 'waiting']) expect(CAMPAIGNS_PANEL).toContain(`id="campaign-preview-${key}"`);
  });

  it('shows, for the chosen campaign, how many it would dial and skip, placing no call', async () => {
    const preview = thePreview(sut.url, sut.owner.key);
    preview.campaigns.selected = await aCampaign(ANY_TIME, [SUPPRESSED, ALLOWED]);

    await preview.press();

    expect(preview.$('campaign-preview-result').hidden).toBe(false);
    expect(preview.counts()).toEqual({ willDial: '1', suppressed: '1', noConsent: '0', attemptCap: '0', invalidNumber: '0', scheduleEnded: '0' });
    expect(preview.$('campaign-preview-at').textContent).toMatch(/^2 still to call, as of /);
    expect(preview.$('campaign-preview-waiting').textContent).toBe('None waiting for their calling hours.');
    expect(preview.$('campaign-preview').disabled).toBe(false);
    expect(sut.placedCalls).toHaveLength(0);
  });

  it('names when each group held by its calling hours opens', async () => {
    const preview = thePreview(sut.url, sut.owner.key);
    const id = await aCampaign(closedWindow(), [ALLOWED]);
    preview.campaigns.selected = id;
    const asked = (await sut.api('POST', `/v1/campaigns/${id}/preview`)).body as { waiting: { opensAt: string; count: number }[] };

    await preview.press();

    expect(asked.waiting).toHaveLength(1);
    expect(preview.counts()).toMatchObject({ willDial: '0' });
    expect(preview.$('campaign-preview-waiting').textContent).toBe(`1 waits for their hours, opening ${new Date(asked.waiting[0]!.opensAt).toLocaleString()}`);
  });

  it('shows the API’s refusal and leaves the result hidden', async () => {
    const preview = thePreview(sut.url, sut.owner.key);
    preview.campaigns.selected = 'cmp_unknown';

    await preview.press();

    expect(preview.said.at(-1)).toMatchObject({ error: true });
    expect(preview.$('campaign-preview-result').hidden).toBe(true);
    expect(preview.$('campaign-preview').disabled).toBe(false);
  });
});
