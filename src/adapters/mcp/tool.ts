import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type * as t from 'io-ts';
import type { AppError } from '../../application/errors.js';
import type { UseCases } from '../../application/use-cases/index.js';
import { apiKeyActor, SYSTEM_ACTOR, type AttemptOrigin, type AttemptPath, type AuditActor } from '../../domain/audit-event.js';

/** What a tool call runs with: the caller's project (none for the public tools) and the one registry of use cases. */
export interface ToolContext {
  readonly useCases: UseCases;
  /** The project of the API key the request carried; null on the unauthenticated endpoint. */
  readonly projectId: string | null;
  /** The API key the request carried, which the audit trail names; null on the unauthenticated endpoint. */
  readonly keyId: string | null;
  /** The client the per-IP limits of sign-up count (IPv6: its /64); null when unknown. */
  readonly clientIp: string | null;
  /** Aborted when the client cancels the request or goes away. */
  readonly signal: AbortSignal;
  /** Tells the client how a long tool call is going (when it asked, with a progress token); else does nothing. */
  readonly progress: (message: string) => Promise<void>;
}

/** The MCP tool annotations, all four stated so none is left to a client's default. */
export interface ToolAnnotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  /** True when the tool reaches beyond Switchboard: the phone network, a customer's webhook. */
  readonly openWorldHint: boolean;
}

/** What a tool returns: the structured result and a short sentence a model or a person reads first. */
export interface ToolOutput {
  readonly structured: Record<string, unknown>;
  readonly summary: string;
}

/**
 * A tool's arguments: the io-ts codec that decodes them (and whose JSON Schema the client is
 * shown), and how the decoded value becomes the tool's input.
 */
export interface ToolArguments<A> {
  readonly codec: t.Mixed;
  readonly read: (decoded: unknown) => A;
  /**
   * The codec is one of REST's query-string codecs, which read numbers and booleans as text:
   * JSON numbers and booleans are handed to it as their text.
   */
  readonly fromQueryString?: boolean;
  /**
   * How a field of the decoded input (as a use case names it in a refusal) is spelled in the
   * arguments: snake_cased REST bodies rename their top-level keys. Absent: the same.
   */
  readonly argumentOf?: (field: string) => string;
}

/** One MCP tool on one use case (or a few, for the overviews). */
export interface Tool<A = never> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly args: ToolArguments<A>;
  readonly annotations: ToolAnnotations;
  /** `project`: needs an API key; `public`: served to anyone (sign-up and verify). */
  readonly access: 'project' | 'public';
  readonly run: (context: ToolContext, args: A) => Promise<E.Either<AppError, ToolOutput>>;
}

/** A tool whose input type is erased, for tables of tools of different inputs. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTool = Tool<any>;

export const readOnly: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
export const writes: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
export const overwrites: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };
export const destroys: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };
export const reachesOut: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };

export const output = (summary: string, structured: Record<string, unknown>): ToolOutput => ({ summary, structured });

/** The caller's project; the server runs a project tool only once the key named one. */
export const projectOf = (context: ToolContext): string => {
  if (context.projectId === null) throw new Error('a project tool ran without a project');
  return context.projectId;
};

/** Runs a use case and shapes its Right; its Left is the tool error. */
export const outcome = async <L, A>(task: TE.TaskEither<L, A>, ok: (value: A) => ToolOutput): Promise<E.Either<L, ToolOutput>> =>
  E.map(ok)(await task());

/** Ties a tool's `run` to the input its arguments decode to. */
export const tool = <A>(definition: Tool<A>): AnyTool => definition;

/** Who the audit trail names for a change a tool makes: the caller's API key. */
export const actorOf = (context: ToolContext): AuditActor => (context.keyId === null ? SYSTEM_ACTOR : apiKeyActor(context.keyId));

/** An outbound attempt a tool makes, for the audit trail should it be refused. */
export const originOf = (context: ToolContext, path: AttemptPath): AttemptOrigin => ({ actor: actorOf(context), path, campaignId: null });
