import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isJSONRPCRequest, type JSONRPCMessage, type JSONRPCRequest, type McpError } from '@modelcontextprotocol/sdk/types.js';
import { fieldNameOf, jsonProblem } from '../rest/codecs/json.js';
import { invalidParams } from './protocol-error.js';

interface SchemaIssue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly expected?: string;
}

/** One of the SDK's request schemas (zod), as far as the gate reads it. */
export interface RequestSchema {
  readonly shape: { readonly method: { readonly value: unknown } };
  safeParse(value: unknown): { readonly success: true } | { readonly success: false; readonly error: { readonly issues: readonly SchemaIssue[] } };
}

/** No params of a request of ours nest this deep (tool arguments have their own check, as REST bodies do). */
const MAX_PARAMS_DEPTH = 32;

const kindOf = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
};

const EXPECTED: Readonly<Record<string, string>> = { object: 'an object', record: 'an object', array: 'an array' };

const valueAt = (value: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((at, key) => (typeof at === 'object' && at !== null ? (at as Record<PropertyKey, unknown>)[key] : undefined), value);

/** A schema's first complaint in words, naming the field as the client sent it (under `params`). */
const issueText = (request: unknown, issue: SchemaIssue): string => {
  const inParams = issue.path[0] === 'params' && issue.path.length > 1 ? issue.path.slice(1) : issue.path;
  const field = fieldNameOf(inParams.map(String));
  const value = valueAt(request, issue.path);
  if (issue.code !== 'invalid_type' || issue.expected === undefined) return `${field} is not valid (${issue.message})`;
  if (value === undefined) return `${field} is required`;
  return `${field} must be ${EXPECTED[issue.expected] ?? `a ${issue.expected}`} (got ${kindOf(value)})`;
};

/**
 * Text the store cannot keep, or nesting past the limit, anywhere in the params. A tool's
 * arguments are left to the tool, which answers them as a tool error naming the argument.
 */
const textProblem = (request: JSONRPCRequest): string | null => {
  const { params } = request;
  const checked = request.method === 'tools/call' && typeof params === 'object' && params !== null ? { ...params, arguments: undefined } : params;
  const problem = checked === undefined ? null : jsonProblem(checked, MAX_PARAMS_DEPTH);
  if (!problem) return null;
  const path = problem.kind === 'depth' ? problem.path.slice(0, 1) : problem.path;
  return `${path.length ? fieldNameOf(path) : 'params'} ${problem.message}`;
};

/** Why the server will not read `request`'s params, or null when it will. */
export const requestProblem = (request: JSONRPCRequest, schemas: ReadonlyMap<string, RequestSchema>): McpError | null => {
  const schema = schemas.get(request.method);
  if (!schema) return null;
  const text = textProblem(request);
  if (text) return invalidParams(text);
  const parsed = schema.safeParse(request);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  return issue ? invalidParams(issueText(request, issue)) : null;
};

/**
 * An MCP server that answers a request whose params it would not read (`schemas`: the SDK's
 * schemas of the requests it serves) with InvalidParams and a sentence naming the field, before
 * the SDK reads them: left to the SDK, a request of the wrong shape is answered as an internal
 * error carrying the schema's raw report, and text no store can keep reaches the use cases.
 */
export class GatedServer extends Server {
  private readonly schemas = new Map<string, RequestSchema>();

  /** Guards the requests of these schemas too. */
  gate(schemas: readonly RequestSchema[]): void {
    for (const schema of schemas) this.schemas.set(String(schema.shape.method.value), schema);
  }

  override async connect(transport: Transport): Promise<void> {
    await super.connect(transport);
    const deliver = transport.onmessage;
    transport.onmessage = (message, extra) => {
      const problem = isJSONRPCRequest(message) ? requestProblem(message, this.schemas) : null;
      if (!problem) return deliver?.(message, extra);
      const answer: JSONRPCMessage = { jsonrpc: '2.0', id: (message as JSONRPCRequest).id, error: { code: problem.code, message: problem.message } };
      // As the SDK does with its own answers: a client gone before it is sent is no one to tell.
      void transport.send(answer).catch(() => undefined);
    };
  }
}
