import type { ToolOutcome, TurnSource } from '../../domain/call.js';
import { fillVariablesDeep, type CallVariables } from '../../domain/call-variables.js';
import type { CustomTool } from '../../domain/custom-tool.js';
import { fillToolUrl } from '../../domain/tool-url.js';
import type { JsonSchemaValidator } from '../ports/json-schema-validator.js';
import type { Logger } from '../ports/logger.js';
import type { TargetPolicy } from '../ports/target-policy.js';
import type { ToolTransport } from '../ports/tool-transport.js';

/** What came of one custom tool call: `content` is what the model reads. */
export interface ToolRunResult {
  readonly outcome: ToolOutcome;
  readonly httpStatus: number | null;
  readonly content: string;
  /** Knowledge-base passages the content holds (search_knowledge), kept on the result's turn. */
  readonly sources?: readonly TurnSource[];
}

export interface ToolRunContext {
  /** Unique per tool call: sent as X-Webhook-ID. */
  readonly requestId: string;
  readonly variables: CallVariables;
  /** The call's or conversation's webhook secret, which signs the request; null: unsigned. */
  readonly secret: string | null;
}

/** What the model gets of an answer body; the transport reads a little more. */
const MODEL_BODY_LIMIT = 4000;

const withQuery = (target: URL, args: Readonly<Record<string, unknown>>): URL => {
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    target.searchParams.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return target;
};

/**
 * Runs the customer's HTTP tools for hosted agents: the model's arguments go as the JSON body
 * (as the query string for GET), `{{variables}}` are filled in the URL's path and query (its host
 * is fixed when the agent is saved), the headers and the arguments; the filled URL is judged by
 * the target policy again before anything is sent. Whatever happens (a 2xx, a 4xx/5xx, garbage, a timeout, a refused address)
 * becomes words the model can act on. Never throws.
 */
export class CustomToolRunner {
  constructor(
    private readonly deps: {
      readonly transport: ToolTransport;
      readonly logger: Logger;
      /** Which hosts the filled URL may name: the rules its URL was saved under. */
      readonly targets: TargetPolicy;
      /** Checks the model's arguments against the tool's `parameters` before anything is sent. */
      readonly schemas?: JsonSchemaValidator;
    },
  ) {}

  async run(tool: CustomTool, args: Readonly<Record<string, unknown>>, context: ToolRunContext): Promise<ToolRunResult> {
    const misfit = this.deps.schemas?.valueProblem(tool.parameters, args) ?? null;
    if (misfit !== null) {
      this.deps.logger.warn({ tool: tool.name, problem: misfit }, 'the model called a custom tool with arguments that do not fit its parameters; nothing was sent');
      return {
        outcome: 'error',
        httpStatus: null,
        content: `Not sent: the arguments do not fit the parameters of ${tool.name} (${misfit.replaceAll('answer', 'arguments')}). Call it again with arguments that do, or ask the caller for what is missing.`,
      };
    }
    const unknown = new Set<string>();
    const filledArgs = fillVariablesDeep(args, context.variables, unknown) as Record<string, unknown>;
    let target: URL;
    try {
      target = fillToolUrl(tool.url, context.variables, unknown);
    } catch {
      return { outcome: 'error', httpStatus: null, content: `The tool ${tool.name} is misconfigured (its URL is not valid). Tell the caller you cannot do that right now.` };
    }
    const headers = fillVariablesDeep(tool.headers, context.variables, unknown) as Record<string, string>;
    if (unknown.size > 0) this.deps.logger.warn({ tool: tool.name, unknown: [...unknown] }, 'a tool named variables the call does not have; they were left empty');
    const refusal = this.deps.targets.refusalOf(target.hostname);
    if (refusal !== null) {
      this.deps.logger.warn({ tool: tool.name, reason: 'blocked_address', refusal }, 'a custom tool URL names a refused address; nothing was sent');
      return { outcome: 'error', httpStatus: null, content: this.words(tool, 'error', null, null, `blocked_address: ${refusal}`) };
    }
    const response = await this.deps.transport.send({
      url: (tool.method === 'GET' ? withQuery(target, filledArgs) : target).toString(),
      method: tool.method,
      headers,
      body: tool.method === 'GET' ? null : JSON.stringify(filledArgs),
      secret: context.secret,
      requestId: context.requestId,
      eventType: `tool.${tool.name}`,
      timeoutMs: tool.timeoutMs,
    });
    this.deps.logger.info(
      { tool: tool.name, outcome: response.outcome, httpStatus: response.httpStatus, durationMs: response.durationMs },
      'custom tool called',
    );
    return { outcome: response.outcome, httpStatus: response.httpStatus, content: this.words(tool, response.outcome, response.httpStatus, response.body, response.errorMessage) };
  }

  private words(tool: CustomTool, outcome: ToolOutcome, status: number | null, body: string | null, error: string | null): string {
    const excerpt = (body ?? '').trim().slice(0, MODEL_BODY_LIMIT);
    switch (outcome) {
      case 'ok':
        return excerpt === '' ? `The tool ${tool.name} succeeded (HTTP ${status}) and returned nothing.` : excerpt;
      case 'http_error':
        return `The tool ${tool.name} failed with HTTP ${status}${excerpt ? `: ${excerpt.slice(0, 500)}` : ''}. Tell the caller you could not get that done right now, and carry on.`;
      case 'timeout':
        return `The tool ${tool.name} did not answer within ${Math.round(tool.timeoutMs / 100) / 10} seconds. Tell the caller you could not get that done right now, and carry on.`;
      default:
        return `The tool ${tool.name} could not be reached (${error ?? 'unknown error'}). Tell the caller you could not get that done right now, and carry on.`;
    }
  }
}
