import { CallToolRequestSchema, ErrorCode, ReadResourceRequestSchema, type JSONRPCRequest } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { requestProblem, type RequestSchema } from '../../../src/adapters/mcp/request-gate.js';

const sut = requestProblem;
const SCHEMAS = new Map<string, RequestSchema>([
  ['tools/call', CallToolRequestSchema],
  ['resources/read', ReadResourceRequestSchema],
]);
const request = (method: string, params?: unknown): JSONRPCRequest => ({ jsonrpc: '2.0', id: 1, method, ...(params === undefined ? {} : { params }) }) as JSONRPCRequest;
const problemOf = (method: string, params?: unknown) => {
  const problem = sut(request(method, params), SCHEMAS);
  return problem && { code: problem.code, message: problem.message };
};
const invalid = (message: string) => ({ code: ErrorCode.InvalidParams, message: `Invalid params: ${message}` });

describe('requestProblem', () => {
  it('names the field a request of the wrong shape gets wrong, and what it should be', () => {
    expect(problemOf('resources/read', {})).toEqual(invalid('uri is required'));
    expect(problemOf('resources/read')).toEqual(invalid('params is required'));
    expect(problemOf('resources/read', { uri: ['x'] })).toEqual(invalid('uri must be a string (got an array)'));
    expect(problemOf('tools/call', { name: 'list_agents', arguments: 'x' })).toEqual(invalid('arguments must be an object (got a string)'));
  });

  it('refuses text no store can keep and nesting past the limit anywhere in the params but a tool’s arguments', () => {
    expect(problemOf('resources/read', { uri: 'switchboard://agents/\uD800' })).toEqual(invalid('uri must be valid Unicode text (it holds an unpaired surrogate)'));
    expect(problemOf('resources/read', { uri: 'x', _meta: { 'a\u0000': 1 } })).toEqual(invalid('_meta has a key that must not contain NUL (\\u0000) characters'));
    const deep = JSON.parse(`${'{"a":'.repeat(40)}0${'}'.repeat(40)}`) as unknown;
    expect(problemOf('resources/read', { uri: 'x', _meta: deep })).toEqual(invalid('_meta must not nest more than 32 levels deep'));
    expect(problemOf('tools/call', { name: 'send_message', arguments: { body: '\u0000' } })).toBeNull();
  });

  it('lets through what it does not guard and what is well formed', () => {
    expect(problemOf('resources/read', { uri: 'switchboard://agents/agt_1' })).toBeNull();
    expect(problemOf('prompts/get', { name: 0 })).toBeNull();
  });
});
