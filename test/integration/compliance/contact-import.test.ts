import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anMcpSwitchboard, type McpHarness } from '../mcp/mcp-harness.js';

/** `POST /v1/contacts/import`: contacts with their consent from a CSV file, all rows or none. */
describe('a contacts CSV import with consent', () => {
  let h: McpHarness;
  beforeAll(async () => {
    h = await anMcpSwitchboard({ store: 'memory' });
  });
  afterAll(async () => {
    await h?.stop();
  });
  const post = (csv: string, type = 'text/csv') =>
    fetch(`${h.url}/v1/contacts/import`, { method: 'POST', headers: { authorization: `Bearer ${h.owner.key}`, 'content-type': type }, body: csv });
  const contactWith = async (phoneNumber: string) => {
    const page = await h.api('GET', `/v1/contacts?search=${encodeURIComponent(phoneNumber)}`);
    return (page.body as { data: unknown[] }).data[0];
  };

  it('reports every bad row by its line and then imports nothing', async () => {
    const bad = await post(
      'name,phoneNumber,voiceConsent,voiceConsentCapturedAt\n' +
        'Ada,+12125550201,express_written,2026-11-30T14:00:00Z\n' +
        ',+12125550202,,\n' +
        'Grace,not a number,,\n' +
        'Alan,+12125550203,whenever,\n' +
        'Edsger,+12125550204,express,yesterday\n' +
        'Ada again,+12125550201,,\n',
    );
    expect(bad.status).toBe(422);
    const { error } = (await bad.json()) as { error: { code: string; details: { field: string }[] } };
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details.map((d) => d.field)).toEqual(['line 3', 'line 4', 'line 5', 'line 6', 'line 7']);
    expect(await contactWith('+12125550201')).toBeUndefined();
  });

  it('creates new contacts with their consent per channel, and updates the consent of contacts the project has', async () => {
    const existing = await h.api('POST', '/v1/contacts', { name: 'Known', phoneNumber: '+12125550211', consent: { sms: { basis: 'express' } } });
    expect(existing.status).toBe(201);

    const good = await post(
      'name,phone_number,email,voiceConsent,voiceConsentSource,voiceConsentCapturedAt,voiceConsentEvidence,smsConsent\r\n' +
        'Ada,+12125550210,ada@example.com,express_written,web form /signup,2026-11-30T14:00:00Z,https://example.com/c/1,\r\n' +
        'Known,+12125550211,,existing_relationship,,,,\r\n',
    );
    expect(good.status).toBe(201);
    expect(await good.json()).toEqual({ created: 1, updated: 1 });

    expect(await contactWith('+12125550210')).toMatchObject({
      name: 'Ada',
      email: 'ada@example.com',
      consent: { voice: { basis: 'express_written', source: 'web form /signup', capturedAt: '2026-11-30T14:00:00.000Z', evidence: 'https://example.com/c/1' }, sms: null },
    });
    expect(await contactWith('+12125550211')).toMatchObject({ consent: { voice: { basis: 'existing_relationship' }, sms: { basis: 'express' } } });
  });

  it('refuses a body that is not CSV, or a file without the columns it needs', async () => {
    expect((await post('{"name": "Ada"}', 'application/json')).status).toBe(422);
    const noName = await post('phoneNumber\n+12125550220\n');
    expect(noName.status).toBe(422);
    expect(((await noName.json()) as { error: { details: { field: string }[] } }).error.details.map((d) => d.field)).toEqual(['line 1']);
  });
});
