import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import * as E from 'fp-ts/lib/Either.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedCall } from '../../../src/adapters/simulated/simulated-call.js';
import { DEFAULT_AI_DISCLOSURE, DEFAULT_RECORDING_DISCLOSURE, loadConfig } from '../../../src/bootstrap/config.js';
import { anMcpSwitchboard, resultOf, type McpHarness } from '../mcp/mcp-harness.js';

const AI_LINE = 'Hello, this is an AI assistant calling for Acme Dental.';
const GREETING = 'Hi, this is Acme.';

/** What the agent said first on a simulated call, once it said it. */
const firstWords = async (call: SimulatedCall): Promise<string | undefined> => {
  await call.until((c) => c.utterances().length >= 1);
  return call.utterances()[0];
};

/**
 * A recorded call says the recording disclosure before the agent's greeting (after the AI
 * disclosure of an outbound call), and its record says what was said; on the real composition
 * (REST, MCP over Streamable HTTP, the admin console, the simulated carrier).
 */
describe('the recording disclosure', () => {
  let h: McpHarness;
  let client: Client;
  let agent: { id: string };
  let ourNumber: string;

  const setRecording = async (enabled: boolean) =>
    h.read(async (tx) => tx.projects.save({ ...(await tx.projects.findById(h.owner.projectId))!, name: 'Acme Dental', recordingEnabled: enabled }));

  /** Places the call through REST, answers it on the simulated carrier, and returns its first words and its record. */
  const outboundCall = async (extra: Record<string, unknown> = {}) => {
    const placed = await h.api('POST', '/v1/calls', { agentId: agent.id, toNumber: '+13125550142', ...extra });
    expect(placed.status).toBe(200);
    const answered = await h.simulated().answerOutbound(placed.body.id);
    if (E.isLeft(answered)) throw new Error(answered.left._tag);
    return { said: await firstWords(answered.right), read: (await h.api('GET', `/v1/calls/${placed.body.id}`)).body, callId: placed.body.id as string };
  };

  beforeAll(async () => {
    h = await anMcpSwitchboard({ store: 'memory', config: { aiDisclosure: DEFAULT_AI_DISCLOSURE, recordingDisclosure: DEFAULT_RECORDING_DISCLOSURE } });
    client = await h.httpClient(h.owner.key);
    agent = resultOf(await client.callTool({ name: 'create_agent', arguments: { name: 'Outreach', greeting: GREETING } }));
    ourNumber = resultOf(await client.callTool({ name: 'buy_number', arguments: { area_code: '415', agent_id: agent.id, confirm: true } })).phoneNumber;
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('opens a recorded outbound call with the AI disclosure, then the recording disclosure, then the greeting; the call read says it', async () => {
    await setRecording(true);
    const { said, read, callId } = await outboundCall();

    expect(said).toBe(`${AI_LINE} ${DEFAULT_RECORDING_DISCLOSURE} ${GREETING}`);
    expect(read).toMatchObject({ recordingDisclosure: DEFAULT_RECORDING_DISCLOSURE });
    expect(resultOf(await client.callTool({ name: 'get_call', arguments: { call_id: callId } }))).toMatchObject({ recordingDisclosure: DEFAULT_RECORDING_DISCLOSURE });
    const console = await fetch(`${h.url}/admin/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${h.sut.adminToken()}` },
      body: JSON.stringify({ query: 'query ($id: ID!) { call(id: $id) { recordingDisclosure } }', variables: { id: callId } }),
    });
    expect(await console.json()).toEqual({ data: { call: { recordingDisclosure: DEFAULT_RECORDING_DISCLOSURE } } });
  });

  it('says no recording disclosure on a call that is not recorded, whatever is set', async () => {
    await setRecording(false);
    const { said, read } = await outboundCall({ recordingDisclosure: 'This call is recorded for training.' });

    expect(said).toBe(`${AI_LINE} ${GREETING}`);
    expect(read).toMatchObject({ recordingDisclosure: null });
  });

  it('says the project’s own disclosure, the call’s own over it, and none when the call asks for none', async () => {
    await setRecording(true);
    const set = await h.api('PATCH', '/v1/outbound-settings', { recordingDisclosure: 'Acme records its calls for quality.' });
    expect(set).toMatchObject({ status: 200, body: { recordingDisclosure: 'Acme records its calls for quality.', recordingDisclosureSource: 'project' } });

    expect((await outboundCall()).said).toBe(`${AI_LINE} Acme records its calls for quality. ${GREETING}`);
    const own = await outboundCall({ recordingDisclosure: 'We record this call.' });
    expect(own.said).toBe(`${AI_LINE} We record this call. ${GREETING}`);
    expect(own.read).toMatchObject({ recordingDisclosure: 'We record this call.' });
    const none = await outboundCall({ recordingDisclosure: null });
    expect(none).toMatchObject({ said: `${AI_LINE} ${GREETING}`, read: { recordingDisclosure: null } });

    const viaMcp = resultOf(await client.callTool({ name: 'make_call', arguments: { agent_id: agent.id, to_number: '+13125550143', recording_disclosure: 'MCP says: recorded.' } }));
    const answered = await h.simulated().answerOutbound(viaMcp.id);
    if (E.isLeft(answered)) throw new Error(answered.left._tag);
    expect(await firstWords(answered.right)).toBe(`${AI_LINE} MCP says: recorded. ${GREETING}`);

    expect((await h.api('PATCH', '/v1/outbound-settings', { recordingDisclosure: 'node_default' })).body).toMatchObject({ recordingDisclosure: DEFAULT_RECORDING_DISCLOSURE, recordingDisclosureSource: 'node' });
  });

  it('opens a recorded inbound call with the recording disclosure before the greeting, and a call not recorded with the greeting alone', async () => {
    await setRecording(true);
    const recorded = await h.simulated().startInbound({ from: '+14155550123', to: ourNumber });
    if (E.isLeft(recorded)) throw new Error(recorded.left._tag);
    expect(await firstWords(recorded.right)).toBe(`${DEFAULT_RECORDING_DISCLOSURE} ${GREETING}`);
    expect((await h.api('GET', `/v1/calls/${recorded.right.callId}`)).body).toMatchObject({ direction: 'inbound', recordingDisclosure: DEFAULT_RECORDING_DISCLOSURE });

    await setRecording(false);
    const plain = await h.simulated().startInbound({ from: '+14155550124', to: ourNumber });
    if (E.isLeft(plain)) throw new Error(plain.left._tag);
    expect(await firstWords(plain.right)).toBe(GREETING);
    expect((await h.api('GET', `/v1/calls/${plain.right.callId}`)).body).toMatchObject({ recordingDisclosure: null });
  });

  it('refuses a blank or overlong project disclosure with 422 and keeps what was set', async () => {
    await h.api('PATCH', '/v1/outbound-settings', { recordingDisclosure: 'Recorded.' });
    const blank = await h.api('PATCH', '/v1/outbound-settings', { recordingDisclosure: '  ' });
    const long = await h.api('PATCH', '/v1/outbound-settings', { recordingDisclosure: 'x'.repeat(501) });
    const wrong = await h.api('PATCH', '/v1/outbound-settings', { recordingDisclosure: 42 });

    for (const refused of [blank, long, wrong]) expect(refused).toMatchObject({ status: 422, body: { error: { code: 'VALIDATION_ERROR' } } });
    expect((await h.api('GET', '/v1/outbound-settings')).body).toMatchObject({ recordingDisclosure: 'Recorded.', recordingDisclosureSource: 'project' });
    expect(resultOf(await client.callTool({ name: 'get_outbound_settings', arguments: {} }))).toMatchObject({ recordingDisclosure: 'Recorded.' });
  });

  it('is on by default, and off or into other words with RECORDING_DISCLOSURE', () => {
    const configOf = (env: Record<string, string>) => {
      const loaded = loadConfig(env);
      if (E.isLeft(loaded)) throw new Error(loaded.left.join('; '));
      return loaded.right.recordingDisclosure;
    };
    expect(configOf({})).toBe(DEFAULT_RECORDING_DISCLOSURE);
    expect(configOf({ RECORDING_DISCLOSURE: 'off' })).toBeNull();
    expect(configOf({ RECORDING_DISCLOSURE: 'This call may be recorded.' })).toBe('This call may be recorded.');
  });
});
