import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anMcpSwitchboard, resultOf, storesUnderTest, toolErrorOf, type McpHarness, type McpStore } from './mcp-harness.js';

/** AgentPhone's snake_case arguments of create_agent/update_agent, and the camelCase read they come back as. */
const ARGUMENTS = {
  interruption_sensitivity: 0.2,
  enable_backchannel: false,
  denoising_mode: 'noise-and-background-speech-cancellation',
  stt_mode: 'accurate',
  voice_speed: 1.2,
  model_tier: 'max',
  enable_messaging: true,
  end_of_turn_timeout_ms: 700,
  hints: ['Zephyr'],
  interruptible: 'dtmf',
  greeting_interruptible: 'speech',
  profanity_filter: false,
  languages: [{ code: 'fr-FR', voice: 'Google.fr-FR-Neural2-A' }],
  ambient_sound: 'outdoor',
};
const READ = {
  interruptionSensitivity: 0.2,
  enableBackchannel: false,
  denoisingMode: 'noise-and-background-speech-cancellation',
  sttMode: 'accurate',
  voiceSpeed: 1.2,
  modelTier: 'max',
  enableMessaging: true,
  endOfTurnTimeoutMs: 700,
  hints: ['Zephyr'],
  interruptible: 'dtmf',
  greetingInterruptible: 'speech',
  profanityFilter: false,
  languages: [{ code: 'fr-FR', voice: 'Google.fr-FR-Neural2-A', transcriptionProvider: null, speechModel: null }],
  ambientSound: 'outdoor',
};

const AGENT_QUERY = `query ($id: ID!) { project(id: $id) { agents { items { id conversation } } } }`;

describe.each([['PGlite', 'pglite'] as [string, McpStore], ...storesUnderTest()])('conversation settings through MCP and GraphQL on %s', (_, store) => {
  let h: McpHarness;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });
  const graphql = async (query: string, variables: Record<string, unknown>) => {
    const response = await fetch(`${h.url}/admin/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${h.sut.adminToken()}` },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as { data: { project: { agents: { items: { id: string; conversation: Record<string, unknown> }[] } } } };
  };

  beforeAll(async () => {
    h = await anMcpSwitchboard({ store });
    client = await h.httpClient();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('creates with AgentPhone’s argument names, reads back through get_agent and the admin console, and updates', async () => {
    const created = resultOf(await call('create_agent', { name: 'Tuned', voice: 'ElevenLabs.NYC9WEgkq1u4jiqBseQ9', ...ARGUMENTS }));
    expect(created).toMatchObject({ ...READ, unsupported: ['ambientSound', 'modelTier'] });
    expect(resultOf(await call('get_agent', { agent_id: created.id }))).toMatchObject(READ);
    const admin = await graphql(AGENT_QUERY, { id: h.owner.projectId });
    expect(admin.data.project.agents.items.find((a) => a.id === created.id)!.conversation).toMatchObject({ ...READ, unsupported: ['ambientSound', 'modelTier'] });

    const updated = resultOf(await call('update_agent', { agent_id: created.id, stt_mode: 'fast', interruptible: 'any' }));
    expect(updated).toMatchObject({ ...READ, sttMode: 'fast', interruptible: 'any' });
    expect(resultOf(await call('get_agent', { agent_id: created.id }))).toMatchObject({ sttMode: 'fast', interruptible: 'any' });
  });

  it('refuses an unknown value naming the argument and what it takes, changing nothing', async () => {
    const created = resultOf(await call('create_agent', { name: 'Plain' }));
    const refused = toolErrorOf(await call('update_agent', { agent_id: created.id, stt_mode: 'slow' }));
    expect(JSON.stringify(refused)).toContain('stt_mode');
    expect(JSON.stringify(refused)).toContain('fast, accurate');
    expect(resultOf(await call('get_agent', { agent_id: created.id }))).toMatchObject({ sttMode: 'fast' });
  });
});
