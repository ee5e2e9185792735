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
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return (await response.json()) as { data: any; errors?: { message: string; extensions: { code: string; details?: { field: string }[] } }[] };
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
    expect(admin.data.project.agents.items.find((a: { id: string }) => a.id === created.id)!.conversation).toMatchObject({ ...READ, unsupported: ['ambientSound', 'modelTier'] });

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

  const UPDATE = `mutation ($projectId: ID!, $agentId: ID!, $conversation: AgentConversationInput!) {
    updateAgentConversation(projectId: $projectId, agentId: $agentId, conversation: $conversation) { id conversation }
  }`;

  it('changes every field through the admin console’s updateAgentConversation, read back by REST, and null puts one back to its default', async () => {
    const created = resultOf(await call('create_agent', { name: 'Console tuned', voice: 'ElevenLabs.NYC9WEgkq1u4jiqBseQ9' }));
    const conversation = {
      interruptionSensitivity: 0.2,
      enableBackchannel: false,
      denoisingMode: 'NOISE_AND_BACKGROUND_SPEECH_CANCELLATION',
      sttMode: 'ACCURATE',
      voiceSpeed: 0.8,
      modelTier: 'TURBO',
      enableMessaging: true,
      endOfTurnTimeoutMs: 1500,
      hints: ['Acme', 'Zephyr'],
      interruptible: 'SPEECH',
      greetingInterruptible: 'NONE',
      profanityFilter: false,
      languages: [{ code: 'fr-FR', voice: 'Google.fr-FR-Neural2-A' }],
      ambientSound: 'OFFICE',
    };
    const stored = {
      interruptionSensitivity: 0.2,
      enableBackchannel: false,
      denoisingMode: 'noise-and-background-speech-cancellation',
      sttMode: 'accurate',
      voiceSpeed: 0.8,
      modelTier: 'turbo',
      enableMessaging: true,
      endOfTurnTimeoutMs: 1500,
      hints: ['Acme', 'Zephyr'],
      interruptible: 'speech',
      greetingInterruptible: 'none',
      profanityFilter: false,
      languages: [{ code: 'fr-FR', voice: 'Google.fr-FR-Neural2-A', transcriptionProvider: null, speechModel: null }],
      ambientSound: 'office',
    };
    const changed = await graphql(UPDATE, { projectId: h.owner.projectId, agentId: created.id, conversation });
    expect(changed.errors).toBeUndefined();
    expect(changed.data.updateAgentConversation.conversation).toMatchObject({ ...stored, unsupported: ['ambientSound', 'modelTier'] });
    expect((await h.api('GET', `/v1/agents/${created.id}`)).body).toMatchObject(stored);

    const reset = await graphql(UPDATE, { projectId: h.owner.projectId, agentId: created.id, conversation: { voiceSpeed: null, interruptionSensitivity: null, ambientSound: null } });
    expect(reset.data.updateAgentConversation.conversation).toMatchObject({ voiceSpeed: null, interruptionSensitivity: 0.8, ambientSound: 'none', sttMode: 'accurate' });
  });

  it.each([
    [{ interruptionSensitivity: 1.5 }, 'interruptionSensitivity', '0 to 1'],
    [{ endOfTurnTimeoutMs: 20 }, 'endOfTurnTimeoutMs', '100 to 10000'],
    [{ voiceSpeed: 1.1 }, 'voiceSpeed', 'ElevenLabs'],
    [{ hints: ['a,b'] }, 'hints', 'commas'],
    [{ languages: [{ code: 'de-DE', voice: 'Google.de-DE-Neural2-A' }] }, 'languages.0.voice', 'GET /v1/agents/voices'],
  ])('refuses %j through the console with VALIDATION_ERROR naming the field and what it takes, changing nothing', async (conversation, field, allowed) => {
    const created = resultOf(await call('create_agent', { name: 'Console refused', voice: 'Google.en-US-Journey-O' }));
    const refused = await graphql(UPDATE, { projectId: h.owner.projectId, agentId: created.id, conversation });
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'VALIDATION_ERROR', details: [expect.objectContaining({ field })] } });
    expect(refused.errors?.[0]?.message).toContain(allowed);
    expect((await h.api('GET', `/v1/agents/${created.id}`)).body).toMatchObject({ interruptionSensitivity: 0.8, endOfTurnTimeoutMs: null, voiceSpeed: null, hints: [], languages: [] });
  });

  it('refuses a value outside an enum through the console’s own schema', async () => {
    const created = resultOf(await call('create_agent', { name: 'Console enum' }));
    const refused = await graphql(UPDATE, { projectId: h.owner.projectId, agentId: created.id, conversation: { sttMode: 'SLOW' } });
    expect(refused.errors?.[0]?.message).toContain('SttMode');
  });
});
