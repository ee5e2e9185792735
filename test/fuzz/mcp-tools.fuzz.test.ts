import fc from 'fast-check';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CallToolResultSchema,
  EmptyResultSchema,
  ErrorCode,
  ListResourcesResultSchema,
  ListResourceTemplatesResultSchema,
  ListToolsResultSchema,
  ReadResourceResultSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_TOOLS } from '../../src/adapters/mcp/index.js';
import { anMcpSwitchboard, outcomeOf, resultOf, storesUnderTest, type McpHarness } from '../integration/mcp/mcp-harness.js';
import { arbitraryOf, type FieldArbitraries } from '../support/codec-arbitrary.js';
import { nastyString, nastyUrlText, percentEncode } from '../support/nasty-inputs.js';
import { jsonSchemaStringPaths, withValueAt, type ValuePath } from './json-schema-paths.js';

/** Runs of each property per tool (at least one per string argument); FUZZ_RUNS=50 for a long hunt. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const RESOURCE_NOT_FOUND = -32002;


/** A value of the wrong type, too deep, too large, or nasty text, as JSON can carry it. */
const nastyArgument: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(0, -1, 1.5, 1e308, true, false, null, [], {}),
  fc.constantFrom(40, 200).map((levels) => JSON.parse(`${'{"a":'.repeat(levels)}0${'}'.repeat(levels)}`) as unknown),
  fc.dictionary(fc.string({ maxLength: 5 }), nastyString, { minKeys: 1, maxKeys: 3 }),
  fc.array(nastyString, { minLength: 1, maxLength: 3 }),
);

/** A protocol error that is the client's fault, stated once; never an internal error. */
const expectRefusal = (outcome: Awaited<ReturnType<typeof outcomeOf>>, allowed: readonly number[], what: string) => {
  if ('result' in outcome) throw new Error(`${what}: expected a protocol error, got ${JSON.stringify(outcome.result).slice(0, 200)}`);
  expect(allowed, `${what}: ${outcome.code} ${outcome.message.slice(0, 300)}`).toContain(outcome.code);
  expect(outcome.message, what).not.toMatch(/^MCP error|"code":/);
};

describe.each(storesUnderTest())('the MCP surface on %s, fuzzed', (_, store) => {
  let h: McpHarness;
  let client: Client;
  let tools: Tool[];
  const live: Record<string, string[]> = {};
  const errorsLogged = () => h.logger.lines.filter((line) => line.level === 'error');

  beforeAll(async () => {
    // Hundreds of calls in a few seconds: far beyond the default per-key limit.
    h = await anMcpSwitchboard({ store, config: { rateLimit: { points: 100_000, durationSeconds: 10 } } });
    client = await h.httpClient();
    ({ tools } = await client.listTools());
    const call = async (name: string, args: Record<string, unknown>) => resultOf(await client.callTool({ name, arguments: args }));
    const agent = await call('create_agent', { name: 'Fuzzed' });
    const number = await call('buy_number', { agent_id: agent.id, confirm: true });
    const contact = await call('manage_contact', { action: 'create', name: 'Callee', phone_number: '+12125550199' });
    await call('send_message', { agent_id: agent.id, to_number: '+12125550199', body: 'Hi' });
    const conversations = await call('list_conversations', {});
    const campaign = await call('create_campaign', { name: 'Fuzzed', agent_id: agent.id });
    const webCall = await h.api('POST', '/v1/calls/web', { agentId: agent.id });
    Object.assign(live, {
      agent: [agent.id],
      number: [number.id],
      contact: [contact.id],
      conversation: conversations.data.map((c: { id: string }) => c.id),
      campaign: [campaign.id],
      call: [webCall.body.id ?? webCall.body.callId],
    });
  });
  afterAll(async () => {
    await h?.stop();
  });

  /** Ids the test made, so that arguments reach past the lookups; the rest as the codec says. */
  const fields = (): FieldArbitraries => {
    const id = (kind: string) => fc.constantFrom(...live[kind]!);
    return {
      agent_id: id('agent'),
      number_id: id('number'),
      from_number_id: id('number'),
      contact_id: id('contact'),
      contactId: id('contact'),
      conversation_id: id('conversation'),
      campaign_id: id('campaign'),
      call_id: id('call'),
      url: fc.constant('http://127.0.0.1:9/hook'),
      // Nothing answers the simulated carrier's calls: a wait would hold the run for its whole length.
      wait: fc.constant(false),
    };
  };

  /**
   * `wait` is optional, so the codec's arbitrary often leaves it out, and a tool that waits by
   * default would then hold the client past its timeout: every call the fuzz places says `false`
   * unless the mutated path is `wait` itself.
   */
  const neverWaiting = (tool: Tool, valid: unknown): unknown =>
    'wait' in (tool.inputSchema.properties ?? {}) && typeof valid === 'object' && valid !== null ? { ...valid, wait: false } : valid;

  // Destructive tools last, so the others keep finding the resources the test made.
  const byHarm = (tool: Tool) => (tool.annotations?.destructiveHint ? 1 : 0);

  it('answers nasty text in every string argument of every tool as a tool error of the interface, never an internal error', { timeout: 600_000 }, async () => {
    for (const tool of [...tools].sort((a, b) => byHarm(a) - byHarm(b))) {
      const codec = MCP_TOOLS.find((known) => known.name === tool.name)!.args.codec;
      const paths: ValuePath[] = [...jsonSchemaStringPaths(tool.inputSchema), ['unexpected']];
      const mutated = fc
        .tuple(arbitraryOf(codec, fields()), fc.constantFrom(...paths), fc.oneof({ weight: 4, arbitrary: nastyString }, nastyArgument))
        .map(([valid, path, nasty]) => withValueAt(neverWaiting(tool, valid), path, nasty) as Record<string, unknown>);
      await fc.assert(
        fc.asyncProperty(mutated, async (args) => {
          const where = `${tool.name} ${JSON.stringify(args).slice(0, 300)}`;
          const outcome = await outcomeOf(client.callTool({ name: tool.name, arguments: args }));
          if (!('result' in outcome)) throw new Error(`${where}: answered ${outcome.code} ${outcome.message.slice(0, 300)}`);
          const result = outcome.result as CallToolResult;
          if (result.isError) expect((result.structuredContent as { error: { code: string } }).error.code, where).not.toBe('INTERNAL_ERROR');
        }),
        { numRuns: RUNS * paths.length },
      );
      expect(errorsLogged(), tool.name).toEqual([]);
    }
  });

  it('answers a tool name or arguments no tool could have as invalid params, with a sentence rather than a validation dump', async () => {
    const name = fc.oneof(nastyString, fc.constantFrom<unknown>(0, 415, 1.5, null, true, [], {}, ['list_agents'], { name: 'list_agents' }));
    const args = fc.constantFrom<unknown>('x', 0, null, [], ['a']);
    await fc.assert(
      fc.asyncProperty(fc.oneof(name.map((n) => ({ name: n })), args.map((a) => ({ name: 'list_agents', arguments: a }))), async (params) => {
        const outcome = await outcomeOf(client.request({ method: 'tools/call', params: params as { name: string } }, CallToolResultSchema));
        expectRefusal(outcome, [ErrorCode.InvalidParams], JSON.stringify(params).slice(0, 200));
      }),
      { numRuns: RUNS * 25 },
    );
    expect(errorsLogged()).toEqual([]);
  });

  it('refuses nasty resource URIs to read, subscribe and unsubscribe as invalid params or not found, never an internal error', async () => {
    const TEMPLATES = ['switchboard://agents/{}', 'switchboard://conversations/{}/messages', 'switchboard://calls/{}/transcript'];
    const id = fc.oneof(nastyString, nastyUrlText, nastyString.map(percentEncode));
    const uri = fc.oneof(
      { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...TEMPLATES), id).map(([template, nasty]) => template.replace('{}', nasty)) },
      { weight: 1, arbitrary: nastyString },
      { weight: 1, arbitrary: fc.constantFrom<unknown>(0, null, true, [], { uri: 'switchboard://agents/x' }) },
    );
    const method = fc.constantFrom('resources/read', 'resources/subscribe', 'resources/unsubscribe');
    await fc.assert(
      fc.asyncProperty(method, uri, async (m, u) => {
        const schema = m === 'resources/read' ? ReadResourceResultSchema : EmptyResultSchema;
        const outcome = await outcomeOf(client.request({ method: m, params: { uri: u as string } }, schema));
        // Unsubscribing from what was never subscribed to is fine: it is what the client asked for.
        if (m === 'resources/unsubscribe' && typeof u === 'string' && 'result' in outcome) return;
        expectRefusal(outcome, [ErrorCode.InvalidParams, RESOURCE_NOT_FOUND], `${m} ${JSON.stringify(u).slice(0, 200)}`);
      }),
      { numRuns: RUNS * 50 },
    );
    expect(errorsLogged()).toEqual([]);
  });

  it('answers the list requests with nasty cursors or metadata without an internal error', async () => {
    const params = fc.oneof(fc.record({ cursor: nastyArgument }), fc.record({ _meta: fc.record({ progressToken: nastyString }) }));
    const RESULTS = { 'tools/list': ListToolsResultSchema, 'resources/list': ListResourcesResultSchema, 'resources/templates/list': ListResourceTemplatesResultSchema };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...(Object.keys(RESULTS) as (keyof typeof RESULTS)[])), params, async (method, p) => {
        const outcome = await outcomeOf(client.request({ method, params: p as Record<string, unknown> }, RESULTS[method]));
        if ('result' in outcome) return;
        expectRefusal(outcome, [ErrorCode.InvalidParams], `${method} ${JSON.stringify(p).slice(0, 200)}`);
      }),
      { numRuns: RUNS * 15 },
    );
    expect(errorsLogged()).toEqual([]);
  });
});
