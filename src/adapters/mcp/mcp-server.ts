import * as E from 'fp-ts/lib/Either.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type Tool as ToolDescriptor,
} from '@modelcontextprotocol/sdk/types.js';
import type * as t from 'io-ts';
import type { Logger } from '../../application/ports/logger.js';
import type { UseCases } from '../../application/use-cases/index.js';
import { flattenedInputSchema } from './input-schema.js';
import { protocolError } from './protocol-error.js';
import { GatedServer } from './request-gate.js';
import { addressOf, listResources, readResource, RESOURCE_TEMPLATES, resourceError } from './resources.js';
import type { AnyTool } from './tool.js';
import { callTool } from './tool-call.js';
import { TranscriptSubscriptions } from './transcript-subscriptions.js';
import { guarded, guardedTool } from './unexpected-failures.js';

/** Who sent one request: the key's project (null on the public endpoint) and the client's network. */
export interface Caller {
  readonly projectId: string | null;
  readonly keyId: string | null;
  readonly clientIp: string | null;
}

/** The caller as the transport hands it to every handler; the key itself stays with the authentication that checked it. */
export const authInfoOf = (caller: Caller): AuthInfo => ({
  token: '',
  clientId: caller.keyId ?? 'anonymous',
  scopes: caller.projectId ? ['project'] : [],
  extra: { caller },
});

const callerOf = (authInfo: AuthInfo | undefined): Caller =>
  (authInfo?.extra?.caller as Caller | undefined) ?? { projectId: null, keyId: null, clientIp: null };

export interface McpServerDeps {
  readonly useCases: UseCases;
  readonly tools: readonly AnyTool[];
  /** The JSON Schema (2020-12) of an io-ts codec: the same converter as the OpenAPI document's. */
  readonly inputSchemaOf: (codec: t.Mixed) => Record<string, unknown>;
  readonly version: string;
  readonly logger: Logger;
}

/** The tools as `tools/list` shows them, their input schemas derived once from their codecs. */
export interface ToolCatalogue {
  readonly byName: ReadonlyMap<string, AnyTool>;
  readonly descriptors: (access: 'project' | 'public') => ToolDescriptor[];
}

export const toolCatalogue = (deps: Pick<McpServerDeps, 'tools' | 'inputSchemaOf'>): ToolCatalogue => {
  const described = deps.tools.map((tool) => ({
    tool,
    descriptor: {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: { type: 'object', ...flattenedInputSchema(deps.inputSchemaOf(tool.args.codec)) } as ToolDescriptor['inputSchema'],
      annotations: { title: tool.title, ...tool.annotations },
    },
  }));
  return {
    byName: new Map(deps.tools.map((tool) => [tool.name, tool])),
    descriptors: (access) => described.filter(({ tool }) => access === 'project' || tool.access === 'public').map(({ descriptor }) => descriptor),
  };
};

const INSTRUCTIONS =
  'Switchboard gives AI agents phone numbers: buy a number, text, place calls (make_conversation_call holds the whole call ' +
  'for you and returns the transcript), and read conversations and transcripts. Phone numbers are E.164 (+14155551234).';

const PUBLIC_INSTRUCTIONS =
  'No API key yet: sign_up starts an account for your human (a code goes to their e-mail), verify_sign_up finishes it and ' +
  'returns the API key; connect again with it to use the phone tools.';

/**
 * One MCP server (one per session, as the SDK wants): the tools on the use cases, and for a
 * project the resources and transcript subscriptions. Every request names its caller through
 * the transport's auth info, so the session holds no credentials of its own.
 */
export const createMcpServer = (
  deps: McpServerDeps,
  catalogue: ToolCatalogue,
  access: 'project' | 'public',
  options: { readonly subscriptions: boolean },
): Server => {
  const server = new GatedServer(
    { name: 'switchboard', title: 'Switchboard', version: deps.version },
    {
      capabilities: access === 'project' ? { tools: {}, resources: { subscribe: true, listChanged: false } } : { tools: {} },
      instructions: access === 'project' ? INSTRUCTIONS : PUBLIC_INSTRUCTIONS,
    },
  );
  server.gate([InitializeRequestSchema, PingRequestSchema, ListToolsRequestSchema, CallToolRequestSchema]);
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: catalogue.descriptors(access) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = catalogue.byName.get(request.params.name);
    if (!tool || (access === 'public' && tool.access !== 'public')) {
      throw protocolError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name.slice(0, 100)}`);
    }
    const caller = callerOf(extra.authInfo);
    const progressToken = request.params._meta?.progressToken;
    let step = 0;
    const progress = async (message: string) => {
      if (progressToken === undefined) return;
      // A client that went away mid-call does not stop the wait: the call goes on regardless.
      await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: ++step, message } }).catch(() => undefined);
    };
    const context = { useCases: deps.useCases, projectId: caller.projectId, keyId: caller.keyId, clientIp: caller.clientIp, signal: extra.signal, progress };
    return guardedTool(deps.logger, () => callTool(tool, request.params.arguments ?? {}, context));
  });
  if (access === 'project') serveResources(server, deps, options.subscriptions);
  return server;
};

const projectIdOf = (authInfo: AuthInfo | undefined): string => {
  const { projectId } = callerOf(authInfo);
  if (projectId === null) throw protocolError(ErrorCode.InvalidRequest, 'Resources need an API key');
  return projectId;
};

const serveResources = (server: GatedServer, { useCases, logger }: McpServerDeps, subscribable: boolean): void => {
  const subscriptions = new TranscriptSubscriptions(useCases.calls, (uri) => server.sendResourceUpdated({ uri }));
  const previousOnClose = server.onclose;
  server.onclose = () => {
    subscriptions.closeAll();
    previousOnClose?.();
  };
  server.gate([ListResourceTemplatesRequestSchema, ListResourcesRequestSchema, ReadResourceRequestSchema, SubscribeRequestSchema, UnsubscribeRequestSchema]);
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [...RESOURCE_TEMPLATES] }));
  server.setRequestHandler(ListResourcesRequestSchema, (_, extra) => guarded(logger, async () => ({ resources: await listResources(useCases, projectIdOf(extra.authInfo)) })));
  server.setRequestHandler(ReadResourceRequestSchema, (request, extra) => guarded(logger, () => readResource(useCases, projectIdOf(extra.authInfo), request.params.uri)));
  server.setRequestHandler(SubscribeRequestSchema, async (request, extra) => {
    const { uri } = request.params;
    const address = addressOf(uri);
    if (!subscribable) {
      throw protocolError(ErrorCode.InvalidRequest, 'This request reached a node that does not hold its session; initialize a new session to subscribe');
    }
    if (address.kind !== 'transcript') {
      throw protocolError(ErrorCode.InvalidParams, 'Only call transcripts (switchboard://calls/{call_id}/transcript) can be subscribed to');
    }
    const subscribed = await guarded(logger, () => subscriptions.subscribe({ projectId: projectIdOf(extra.authInfo), callId: address.id, uri }));
    if (E.isLeft(subscribed)) throw resourceError(subscribed.left);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    subscriptions.unsubscribe(request.params.uri);
    return {};
  });
};
