import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { McpError, type CallToolResult, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { openDatabase } from '../../../src/adapters/mikro-orm/database.js';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import type { Clock } from '../../../src/application/ports/clock.js';
import type { SwitchboardConfig } from '../../../src/bootstrap/config.js';
import { cents } from '../../../src/domain/money.js';
import { FakeChatCompletions } from '../../support/fake-chat-completions.js';
import { createScratchDatabase } from '../../support/scratch-database.js';
import { aVoiceSwitchboard } from '../voice/voice-harness.js';
import { aMigratedDataDir } from '../../support/pglite-template.js';

/** Where the harness keeps its data: embedded PGlite, memory, or a scratch database on a PostgreSQL server. */
export type McpStore = 'pglite' | 'memory' | { readonly postgres: string };

/** Memory, and PostgreSQL when TEST_DATABASE_URL names a server: the stores the edge tests run on, by name. */
export const storesUnderTest = (): readonly [string, McpStore][] => {
  const postgres = process.env.TEST_DATABASE_URL;
  return [['memory', 'memory'], ...(postgres ? [['PostgreSQL', { postgres }] as [string, McpStore]] : [])];
};

/** The store's unit of work and how to put it away. */
const openStore = async (store: McpStore, dataDir: string) => {
  if (store === 'memory') return { uow: new InMemoryUnitOfWork(), close: async () => undefined };
  const scratch = typeof store === 'object' ? await createScratchDatabase(store.postgres, 'sb_mcp') : null;
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url, dataDir } : { dataDir });
  return {
    uow: database.uow,
    close: async () => {
      await database.close();
      await scratch?.drop();
    },
  };
};

/**
 * A Switchboard on a real HTTP server, on embedded PGlite (or the store asked for), with the
 * simulated carrier and a scripted model for hosted calls: what the MCP tests drive with the
 * SDK's own client.
 */
export const anMcpSwitchboard = async (options: { readonly config?: Partial<SwitchboardConfig>; readonly store?: McpStore; readonly clock?: Clock } = {}) => {
  const kind = options.store ?? 'pglite';
  // Only the embedded store opens the migrated copy; the others keep just files in the folder.
  const dataDir = kind === 'pglite' ? await aMigratedDataDir('switchboard-mcp-') : await mkdtemp(join(tmpdir(), 'switchboard-mcp-'));
  const store = await openStore(kind, dataDir);
  const model = await FakeChatCompletions.start();
  const telephony = new SimulatedTelephony();
  const harness = await aVoiceSwitchboard({
    twilio: false,
    telephony,
    uow: store.uow,
    ...(options.clock ? { clock: options.clock } : {}),
    config: { llm: { baseUrl: model.url, apiKey: 'sk-test', model: 'test-model', timeoutMs: 2000 }, ...options.config },
  });
  const clients: Client[] = [];
  // Enough for every number the tests buy (a new project's balance pays for one).
  const credited = await harness.sut.useCases().admin.creditAccount.execute({ projectId: harness.owner.projectId, amount: cents(100_00), reason: 'tests' })();
  if (credited._tag === 'Left') throw new Error('could not credit the test project');

  /**
   * Every message the clients' transports received, in order, as it came off the wire: what the
   * server sent, whatever the SDK's client then does with it. (The client runs a notification's
   * handler a microtask later but a response's at once, so a progress notice read in the same
   * chunk as its request's result finds its handler already gone, and is dropped.)
   */
  const received: JSONRPCMessage[] = [];

  /** An SDK client connected over `transport`. */
  const connect = async (transport: Transport): Promise<Client> => {
    const client = new Client({ name: 'switchboard-test', version: '1.0.0' });
    await client.connect(transport);
    const deliver = transport.onmessage;
    transport.onmessage = (message, extra) => {
      received.push(message);
      deliver?.(message, extra);
    };
    clients.push(client);
    return client;
  };

  /** An SDK client on `/mcp` with `key` as bearer token (or on `/mcp/sign-up` with none). */
  const httpClient = (key: string | null = harness.owner.key): Promise<Client> =>
    connect(
      new StreamableHTTPClientTransport(new URL(`${harness.url}${key === null ? '/mcp/sign-up' : '/mcp'}`), {
        requestInit: key === null ? {} : { headers: { Authorization: `Bearer ${key}` } },
      }),
    );

  const stop = async () => {
    await Promise.allSettled(clients.map((client) => client.close()));
    await harness.stop();
    await model.stop();
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  };

  return { ...harness, model, telephony, simulated: () => harness.sut.voice().simulated!, connect, httpClient, received, stop };
};

export type McpHarness = Awaited<ReturnType<typeof anMcpSwitchboard>>;

/** The structured result of a successful tool call; fails with the tool's error text otherwise. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const resultOf = (result: unknown): any => {
  const call = result as CallToolResult;
  if (call.isError) throw new Error(`tool error: ${JSON.stringify(call.content)}`);
  return call.structuredContent;
};

/** The error a tool call reported (its `structuredContent.error`); fails when the call succeeded. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const toolErrorOf = (result: unknown): any => {
  const call = result as CallToolResult;
  if (!call.isError) throw new Error(`expected a tool error, got ${JSON.stringify(call.structuredContent)}`);
  return (call.structuredContent as { error: unknown }).error;
};

/** What a request was answered with: its result, or the code and message of its protocol error as the server sent them. */
export const outcomeOf = async (request: Promise<unknown>): Promise<{ result: unknown } | { code: number; message: string }> => {
  try {
    return { result: await request };
  } catch (error) {
    if (!(error instanceof McpError)) throw error;
    // The client's McpError puts its prefix before the server's message, once.
    return { code: error.code, message: error.message.replace(`MCP error ${error.code}: `, '') };
  }
};
