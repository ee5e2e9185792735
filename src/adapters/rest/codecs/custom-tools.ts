import * as t from 'io-ts';
import { DEFAULT_TOOL_TIMEOUT_MS, MAX_CUSTOM_TOOLS, TOOL_METHODS, type CustomTool, type ToolMethod } from '../../../domain/custom-tool.js';
import { nullable, oneOf } from './common.js';
import { describedAs, describedWith } from './described.js';
import { freeFormObject } from './json.js';
import { boundedText, MAX_LENGTH } from './text.js';

/** Header values, as many as a real API needs, each short. */
const HEADER_LIMITS = { maxBytes: 8 * 1024, maxDepth: 1 } as const;

/** Header names to values; a null value (public clients send them) leaves the header out. Custom tools and MCP servers share it. */
export const headerMap = describedAs(new t.Type<Record<string, string>, Record<string, string>, unknown>(
  'headers',
  (u): u is Record<string, string> => typeof u === 'object' && u !== null && Object.values(u).every((v) => typeof v === 'string'),
  (u, c) => {
    const decoded = freeFormObject(HEADER_LIMITS).validate(u, c);
    if (decoded._tag === 'Left') return decoded;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(decoded.right)) {
      if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/.test(name)) return t.failure(u, c, `has a header name that is not a valid HTTP token: ${name.slice(0, 40)}`);
      if (value === null) continue;
      if (typeof value !== 'string' || /[\r\n\0]/.test(value)) return t.failure(u, c, `must map ${name} to text without line breaks`);
      headers[name] = value;
    }
    return t.success(headers);
  },
  (a) => a,
), {
  type: 'object',
  propertyNames: { pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$" },
  additionalProperties: { type: ['string', 'null'], pattern: '^[^\\r\\n\\u0000]*$' },
});

/** A JSON Schema object; whether it compiles is checked when the agent is saved. */
const schemaObject = freeFormObject({ maxBytes: 32 * 1024, maxDepth: 16 });

export const CustomToolBody = t.intersection([
  t.type({
    name: boundedText(64),
    description: boundedText(MAX_LENGTH.description),
    url: boundedText(MAX_LENGTH.url),
  }),
  t.partial({
    /** Default POST, as public clients expect. */
    method: oneOf(TOOL_METHODS),
    /** Default: no arguments. */
    parameters: nullable(schemaObject),
    headers: nullable(headerMap),
    timeoutMs: t.Int,
    speakDuringExecution: t.boolean,
    executionMessage: nullable(boundedText(MAX_LENGTH.greeting)),
  }),
]);

/** At most 20 tools; null (public clients send it) is no tools. */
export const CustomToolsBody = describedWith(new t.Type<t.TypeOf<typeof CustomToolBody>[], unknown, unknown>(
  'customTools',
  (u): u is t.TypeOf<typeof CustomToolBody>[] => Array.isArray(u),
  (u, c) => {
    if (u === null) return t.success([]);
    if (Array.isArray(u) && u.length > MAX_CUSTOM_TOOLS) return t.failure(u, c, `must hold at most ${MAX_CUSTOM_TOOLS} tools`);
    return t.array(CustomToolBody).validate(u, c);
  },
  (a) => a,
), (describe) => ({ anyOf: [{ type: 'null' }, { type: 'array', maxItems: MAX_CUSTOM_TOOLS, items: describe(CustomToolBody) }] }));

export const toCustomTool = (body: t.TypeOf<typeof CustomToolBody>): CustomTool => ({
  name: body.name,
  description: body.description,
  url: body.url.trim(),
  method: (body.method ?? 'POST') as ToolMethod,
  headers: body.headers ?? {},
  parameters: body.parameters ?? { type: 'object', properties: {} },
  timeoutMs: body.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS,
  speakDuringExecution: body.speakDuringExecution ?? false,
  executionMessage: body.executionMessage ?? null,
});

/** As the API shows a tool: every field, defaults filled. */
export const customToolView = (tool: CustomTool) => ({
  name: tool.name,
  description: tool.description,
  url: tool.url,
  method: tool.method,
  headers: tool.headers,
  parameters: tool.parameters,
  timeoutMs: tool.timeoutMs,
  speakDuringExecution: tool.speakDuringExecution,
  executionMessage: tool.executionMessage,
});
