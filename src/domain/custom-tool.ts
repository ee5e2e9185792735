import * as E from 'fp-ts/lib/Either.js';
import { invalidField, type InvalidField } from './errors.js';
import { toolUrlOriginProblem } from './tool-url.js';
import { webhookUrl } from './webhook-url.js';

export const TOOL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ToolMethod = (typeof TOOL_METHODS)[number];

export const MAX_CUSTOM_TOOLS = 20;
export const DEFAULT_TOOL_TIMEOUT_MS = 10_000;
export const MAX_TOOL_TIMEOUT_MS = 30_000;
export const MIN_TOOL_TIMEOUT_MS = 1;

/** Names the model already knows: the built-in tools of hosted calls. */
export const BUILT_IN_TOOL_NAMES: readonly string[] = ['transfer_call', 'press_digits', 'end_call', 'opt_out', 'send_text', 'switch_language'];

/** What OpenAI-compatible servers accept as a function name. */
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * One of the customer's HTTP endpoints a hosted agent may call during a call or a text: the
 * model fills `parameters` (a JSON Schema object), Switchboard sends them, signed, to `url`.
 */
export interface CustomTool {
  readonly name: string;
  readonly description: string;
  readonly url: string;
  readonly method: ToolMethod;
  readonly headers: Readonly<Record<string, string>>;
  readonly parameters: Readonly<Record<string, unknown>>;
  readonly timeoutMs: number;
  readonly speakDuringExecution: boolean;
  /** Spoken while the request runs, when `speakDuringExecution`. */
  readonly executionMessage: string | null;
}

/** Header names Switchboard sets itself: a tool may not override them. */
const RESERVED_HEADERS = new Set(['content-type', 'content-length', 'host', 'x-webhook-id', 'x-webhook-timestamp', 'x-webhook-signature', 'x-webhook-event']);

const problem = (index: number, field: string, message: string): InvalidField => invalidField(`customTools.${index}.${field}`, message);

const checkTool = (tool: CustomTool, index: number, seen: Set<string>): InvalidField | null => {
  if (!TOOL_NAME.test(tool.name)) return problem(index, 'name', 'must be 1-64 letters, digits, _ or -');
  if (BUILT_IN_TOOL_NAMES.includes(tool.name)) return problem(index, 'name', `is the name of a built-in tool (${BUILT_IN_TOOL_NAMES.join(', ')})`);
  if (tool.name.startsWith('handoff_to_') || tool.name.startsWith('mcp__')) return problem(index, 'name', 'must not start with handoff_to_ or mcp__: those name handoff and MCP tools');
  if (seen.has(tool.name)) return problem(index, 'name', 'is used by another tool of this agent');
  seen.add(tool.name);
  if (tool.description.trim() === '') return problem(index, 'description', 'must not be empty');
  if (!TOOL_METHODS.includes(tool.method)) return problem(index, 'method', `must be one of ${TOOL_METHODS.join(', ')}`);
  const url = webhookUrl(tool.url);
  if (E.isLeft(url)) return problem(index, 'url', url.left.message);
  const origin = toolUrlOriginProblem(tool.url);
  if (origin !== null) return problem(index, 'url', origin);
  if (!Number.isInteger(tool.timeoutMs) || tool.timeoutMs < MIN_TOOL_TIMEOUT_MS || tool.timeoutMs > MAX_TOOL_TIMEOUT_MS) {
    return problem(index, 'timeoutMs', `must be a whole number of milliseconds from ${MIN_TOOL_TIMEOUT_MS} to ${MAX_TOOL_TIMEOUT_MS}`);
  }
  const reserved = Object.keys(tool.headers).find((name) => RESERVED_HEADERS.has(name.toLowerCase()));
  if (reserved) return problem(index, 'headers', `must not set ${reserved}: Switchboard sets it`);
  if (tool.parameters.type !== 'object') return problem(index, 'parameters', 'must be a JSON Schema of type "object"');
  return null;
};

/** The rules every agent's tool list keeps (the JSON Schema itself is compiled at the edge). */
export const checkCustomTools = (tools: readonly CustomTool[]): E.Either<InvalidField, readonly CustomTool[]> => {
  if (tools.length > MAX_CUSTOM_TOOLS) return E.left(invalidField('customTools', `must hold at most ${MAX_CUSTOM_TOOLS} tools`));
  const seen = new Set<string>();
  for (const [index, tool] of tools.entries()) {
    const found = checkTool(tool, index, seen);
    if (found) return E.left(found);
  }
  return E.right(tools);
};
