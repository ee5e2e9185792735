import type { Readable, Writable } from 'node:stream';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { isJSONRPCRequest, isJSONRPCResultResponse, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';

export interface StdioBridgeOptions {
  /** The server's MCP endpoint: `…/mcp`, or `…/mcp/sign-up` without a key. */
  readonly endpoint: URL;
  readonly apiKey: string | null;
  readonly stdin?: Readable;
  readonly stdout?: Writable;
  /** Where the bridge's own troubles are told (never stdout: that is the protocol's). */
  readonly report: (message: string) => void;
}

export interface StdioBridge {
  /** Settles when the local client closed its end. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * A local stdio MCP server that is the running Switchboard's Streamable HTTP endpoint: each
 * message of the local client goes to the server as it is, each of the server's (answers,
 * notifications of subscribed transcripts) comes back. The tools, limits and keys are the
 * server's own. A request the server cannot be reached for is answered with an error, so the
 * local client is never left waiting.
 */
export const startStdioBridge = async (options: StdioBridgeOptions): Promise<StdioBridge> => {
  const local = new StdioServerTransport(options.stdin, options.stdout);
  const remote = new StreamableHTTPClientTransport(options.endpoint, {
    requestInit: options.apiKey === null ? {} : { headers: { Authorization: `Bearer ${options.apiKey}` } },
  });
  const initializing = new Set<RequestId>();
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));

  remote.onmessage = (message: JSONRPCMessage) => {
    if (isJSONRPCResultResponse(message) && initializing.delete(message.id)) {
      // As the SDK's client does: later requests carry the negotiated version.
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === 'string') remote.setProtocolVersion(version);
    }
    void local.send(message).catch((error: unknown) => options.report(`could not write to stdout: ${errorText(error)}`));
  };
  remote.onerror = (error) => options.report(`Switchboard at ${options.endpoint.href}: ${errorText(error)}`);

  local.onmessage = (message: JSONRPCMessage) => {
    if (isJSONRPCRequest(message) && message.method === 'initialize') initializing.add(message.id);
    remote.send(message).catch((error: unknown) => {
      options.report(`could not reach Switchboard at ${options.endpoint.href}: ${errorText(error)}`);
      if (!isJSONRPCRequest(message)) return;
      const answer: JSONRPCMessage = {
        jsonrpc: '2.0',
        id: message.id,
        error: { code: -32000, message: `Switchboard at ${options.endpoint.origin} did not answer: ${errorText(error)}` },
      };
      void local.send(answer).catch(() => undefined);
    });
  };
  const close = async () => {
    await remote.terminateSession().catch(() => undefined);
    await remote.close().catch(() => undefined);
    await local.close().catch(() => undefined);
    resolveClosed();
  };
  local.onclose = () => void close();

  await remote.start();
  await local.start();
  return { closed, close };
};
