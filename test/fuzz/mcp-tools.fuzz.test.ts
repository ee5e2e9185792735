import fc from 'fast-check';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anMcpSwitchboard, type McpHarness } from '../integration/mcp/mcp-harness.js';
import { nastyString } from '../support/nasty-inputs.js';

const nested = (levels: number): unknown => (levels === 0 ? 0 : { a: nested(levels - 1) });

/** A value of the wrong type, too deep, too large, or nasty text, as JSON can carry it. */
const nastyArgument: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(0, -1, 1.5, 1e308, true, false, null, [], {}),
  fc.constantFrom(40, 200).map(nested),
  fc.dictionary(fc.string({ maxLength: 5 }), nastyString, { minKeys: 1, maxKeys: 3 }),
  fc.array(nastyString, { minLength: 1, maxLength: 3 }),
);

/** Arguments for a tool: each of its fields (and a stranger) either left out or nasty. */
const nastyArguments = (tool: Tool) =>
  fc.record(
    Object.fromEntries([...Object.keys(tool.inputSchema.properties ?? {}), 'unexpected'].map((key) => [key, nastyArgument])),
    { requiredKeys: [] },
  );

describe('every MCP tool, fuzzed', () => {
  let h: McpHarness;
  let client: Client;
  let tools: Tool[];
  beforeAll(async () => {
    // Hundreds of calls in a few seconds: far beyond the default per-key limit.
    h = await anMcpSwitchboard({ config: { rateLimit: { points: 100_000, durationSeconds: 10 } } });
    client = await h.httpClient();
    ({ tools } = await client.listTools());
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('answers bad arguments with a tool error of the interface, never an internal error or a dropped request', async () => {
    for (const tool of tools) {
      await fc.assert(
        fc.asyncProperty(nastyArguments(tool), async (args) => {
          const result = (await client.callTool({ name: tool.name, arguments: args as Record<string, unknown> })) as CallToolResult;
          if (!result.isError) return;
          const error = (result.structuredContent as { error: { code: string } }).error;
          expect(error.code, `${tool.name} ${JSON.stringify(args).slice(0, 300)}`).not.toBe('INTERNAL_ERROR');
        }),
        { numRuns: 15 },
      );
    }
    expect(h.logger.lines.filter((line) => line.message === 'unhandled error')).toEqual([]);
  });
});
