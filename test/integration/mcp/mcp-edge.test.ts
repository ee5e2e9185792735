import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema, EmptyResultSchema, ErrorCode, ReadResourceResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anMcpSwitchboard, outcomeOf, resultOf, toolErrorOf, storesUnderTest, type McpHarness } from './mcp-harness.js';


/** The protocol error a request was answered with; fails when it succeeded. */
const protocolErrorOf = async (request: Promise<unknown>): Promise<{ code: number; message: string }> => {
  const outcome = await outcomeOf(request);
  if ('result' in outcome) throw new Error('expected a protocol error, the request succeeded');
  return outcome;
};

/** URIs of every template whose id the store could not keep, or that does not decode at all. */
const BAD_URIS = [
  'switchboard://agents/\u0000',
  'switchboard://agents/%00',
  'switchboard://agents/a\uD800',
  'switchboard://agents/%ED%A0%80',
  'switchboard://agents/%E0%A4%A',
  'switchboard://conversations/c\u0000/messages',
  'switchboard://calls/\u0000/transcript',
  'switchboard://calls/%00/transcript',
];

describe.each(storesUnderTest())('the MCP edge on %s', (_, store) => {
  let h: McpHarness;
  let client: Client;
  const errorsLogged = () => h.logger.lines.filter((line) => line.level === 'error');

  beforeAll(async () => {
    h = await anMcpSwitchboard({ store });
    client = await h.httpClient();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it.each(BAD_URIS)('refuses to read or subscribe to %j as invalid params, saying what is wrong with it', async (uri) => {
    const read = await protocolErrorOf(client.request({ method: 'resources/read', params: { uri } }, ReadResourceResultSchema));
    const subscribed = await protocolErrorOf(client.request({ method: 'resources/subscribe', params: { uri } }, EmptyResultSchema));

    for (const error of [read, subscribed]) {
      expect(error.code).toBe(ErrorCode.InvalidParams);
      expect(error.message).toMatch(/^Invalid params: uri .*(NUL|valid Unicode|percent-encoding)/);
    }
    expect(errorsLogged()).toEqual([]);
  });

  it('answers a tool name that is not text the store could keep as invalid params naming the field, without a validation dump', async () => {
    const numeric = await protocolErrorOf(client.request({ method: 'tools/call', params: { name: 123, arguments: {} } }, CallToolResultSchema));
    const withNul = await protocolErrorOf(client.request({ method: 'tools/call', params: { name: 'get_agent\u0000' } }, CallToolResultSchema));

    expect(numeric).toEqual({ code: ErrorCode.InvalidParams, message: 'Invalid params: name must be a string (got a number)' });
    expect(withNul).toEqual({ code: ErrorCode.InvalidParams, message: 'Invalid params: name must not contain NUL (\\u0000) characters' });
    expect(errorsLogged()).toEqual([]);
  });

  it('states an error once: the message it sends holds no "MCP error" prefix of its own', async () => {
    const missing = await protocolErrorOf(client.readResource({ uri: 'switchboard://agents/agt_missing' }));
    const unknownTool = await protocolErrorOf(client.callTool({ name: 'no_such_tool' }));
    const notTranscript = await protocolErrorOf(client.subscribeResource({ uri: 'switchboard://agents/agt_missing' }));

    expect(missing).toEqual({ code: -32002, message: 'NOT_FOUND: Agent agt_missing not found' });
    expect(unknownTool).toEqual({ code: ErrorCode.InvalidParams, message: 'Unknown tool: no_such_tool' });
    expect(notTranscript.message).toMatch(/^Only call transcripts/);
  });

  it('takes a 3-digit area code given as a number, and says what it expects of any other', async () => {
    const bought = resultOf(await client.callTool({ name: 'buy_number', arguments: { area_code: 415, confirm: true } }));
    const twoDigits = toolErrorOf(await client.callTool({ name: 'buy_number', arguments: { area_code: 41 } }));
    const flag = toolErrorOf(await client.callTool({ name: 'buy_number', arguments: { area_code: true } }));

    expect(bought.phoneNumber).toMatch(/^\+1415/);
    const expected = [{ field: 'area_code', message: 'must be 3 digits, as text ("415") or a number (415)', type: 'value_error' }];
    expect(twoDigits.details).toEqual(expected);
    expect(flag.details).toEqual(expected);
  });
});
