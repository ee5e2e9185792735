import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { DependencyUnavailable } from '../../application/ports/dependency-unavailable.js';
import type { Logger } from '../../application/ports/logger.js';
import { protocolError } from './protocol-error.js';
import { toolError } from './tool-call.js';

/** Logs the unexpected in full; the client is told only whether retrying may help. */
const logUnexpected = (logger: Logger, error: unknown): { unavailable: boolean; message: string } => {
  const unavailable = error instanceof DependencyUnavailable;
  const err = error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { message: String(error) };
  logger.error({ err, surface: 'mcp' }, unavailable ? 'dependency unavailable' : 'unhandled error');
  return unavailable
    ? { unavailable, message: `${(error as Error).message}; retry with exponential backoff` }
    : { unavailable, message: 'Internal server error (logged on the server)' };
};

/** A resource request's unexpected failure as a protocol error without the thrown text (the SDK would send it). */
export const guarded = async <A>(logger: Logger, work: () => Promise<A>): Promise<A> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof McpError) throw error;
    const { unavailable, message } = logUnexpected(logger, error);
    throw protocolError(ErrorCode.InternalError, `${unavailable ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR'}: ${message}`);
  }
};

/** A tool's unexpected failure as a tool error, so the model reads it (and may retry when the store was out of reach). */
export const guardedTool = async (logger: Logger, work: () => Promise<CallToolResult>): Promise<CallToolResult> => {
  try {
    return await work();
  } catch (error) {
    const { unavailable, message } = logUnexpected(logger, error);
    if (unavailable) return toolError({ _tag: 'Unavailable', message });
    return {
      isError: true,
      content: [{ type: 'text', text: `INTERNAL_ERROR: ${message}` }],
      structuredContent: { error: { code: 'INTERNAL_ERROR', type: 'server_error', message } },
    };
  }
};
