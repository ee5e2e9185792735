import * as E from 'fp-ts/lib/Either.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AppError } from '../../application/errors.js';
import { fieldNameOf, jsonProblem } from '../rest/codecs/json.js';
import { decode, invalidInput } from '../rest/decode.js';
import { problemOf } from '../rest/error-envelope.js';
import { namedAsSent } from '../rest/field-names.js';
import { argumentNamesOf, asQueryString } from './arguments.js';
import type { AnyTool, ToolContext, ToolOutput } from './tool.js';

/** No arguments of ours nest this deep (as for REST bodies). */
const MAX_ARGUMENT_DEPTH = 32;

/** What REST refuses before any codec runs: too deep, or text the store cannot keep. */
const argumentsProblem = (args: Record<string, unknown>): AppError | null => {
  const problem = jsonProblem(args, MAX_ARGUMENT_DEPTH);
  if (!problem) return null;
  const path = problem.kind === 'depth' ? problem.path.slice(0, 1) : problem.path;
  return invalidInput([{ field: path.length ? fieldNameOf(path) : 'arguments', message: problem.message, type: 'value_error' }]);
};

/**
 * Arguments the tool does not take, refused by name rather than dropped: a client written for
 * another server's tool would otherwise believe an option it sent was applied.
 */
const unknownArguments = (tool: AnyTool, args: Record<string, unknown>): AppError | null => {
  const names = argumentNamesOf(tool.args.codec);
  const unknown = names === null ? [] : Object.keys(args).filter((name) => !names.has(name));
  if (unknown.length === 0) return null;
  return invalidInput(unknown.map((name) => ({ field: name, message: `is not an argument of ${tool.name}`, type: 'extra_forbidden' })));
};

/** A failure as an MCP tool error: the interface's code and message, and its details when a field was at fault. */
export const toolError = (error: AppError): CallToolResult => {
  const problem = problemOf(error);
  const details = problem.details?.map(({ field, message, type }) => ({ field, message, type }));
  return {
    isError: true,
    content: [{ type: 'text', text: `${problem.code}: ${problem.message}` }],
    structuredContent: { error: { code: problem.code, type: problem.type, message: problem.message, ...(details ? { details } : {}) } },
  };
};

/** The short sentence first, then the same result as JSON for clients that read only text. */
const toolResult = ({ summary, structured }: ToolOutput): CallToolResult => ({
  content: [
    { type: 'text', text: summary },
    { type: 'text', text: JSON.stringify(structured) },
  ],
  structuredContent: structured,
});

/** Decodes the arguments with the tool's codec, runs it, and states the outcome as MCP does. */
export const callTool = async (tool: AnyTool, rawArgs: Record<string, unknown>, context: ToolContext): Promise<CallToolResult> => {
  if (tool.access === 'project' && context.projectId === null) {
    return toolError({ _tag: 'Unauthorized', message: `${tool.name} needs an API key: connect to the MCP endpoint with Authorization: Bearer <key>` });
  }
  const problem = argumentsProblem(rawArgs) ?? unknownArguments(tool, rawArgs);
  if (problem) return toolError(renamedBody(problem));
  const decoded = decode(tool.args.codec, tool.args.fromQueryString ? asQueryString(rawArgs) : rawArgs, 'body');
  if (E.isLeft(decoded)) return toolError(renamedBody(decoded.left));
  const result = await tool.run(context, tool.args.read(decoded.right));
  return E.isLeft(result) ? toolError(namedAsSent(result.left, tool.args.argumentOf)) : toolResult(result.right);
};

/** REST says "Request validation failed"; a tool's input is its arguments. */
const renamedBody = (error: AppError): AppError =>
  error._tag === 'Validation' ? { ...error, message: error.message.replace(/^Request validation failed/, 'Invalid arguments') } : error;
