import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';

/**
 * A protocol error whose message is ours alone. The SDK's McpError starts its message with
 * `MCP error <code>: `, the server sends that message as it is, and the client's McpError adds
 * the same prefix again: clients showed `MCP error -32002: MCP error -32002: NOT_FOUND…`.
 */
export const protocolError = (code: number, message: string, data?: unknown): McpError => {
  const error = new McpError(code, message, data);
  error.message = message;
  return error;
};

/** Params the server will not read: `what` names the field and says what is wrong with it. */
export const invalidParams = (what: string): McpError => protocolError(ErrorCode.InvalidParams, `Invalid params: ${what}`);
