/** A tool call the model made, or one it made earlier (replayed in the history). */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
  /** The arguments as the model gave them, parsed; `{}` when they were not a JSON object. */
  readonly arguments: Readonly<Record<string, unknown>>;
}

export type ChatMessage =
  | { readonly role: 'system' | 'user'; readonly content: string }
  | { readonly role: 'assistant'; readonly content: string; readonly toolCalls?: readonly ToolCall[] }
  | { readonly role: 'tool'; readonly toolCallId: string; readonly content: string };

/** A function the model may call; `parameters` is a JSON Schema object. */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly parameters: Readonly<Record<string, unknown>>;
}

export interface ChatRequest {
  readonly messages: readonly ChatMessage[];
  readonly tools: readonly ToolDefinition[];
  /** Aborting ends the answer at once and lets go of the connection (barge-in, hang-up). */
  readonly signal: AbortSignal;
  /** Asks for structured output: the answer's text is one JSON value following `schema`. */
  readonly responseFormat?: { readonly name: string; readonly schema: Readonly<Record<string, unknown>> };
  /** Asks for the same sampling on the same request (OpenAI's `seed`): scenario tests replay a run by it. */
  readonly seed?: number;
  /** The model to ask for (a hosted agent's `modelTier`); absent: the one the adapter was configured with. */
  readonly model?: string;
}

/** A piece of the answer: text as it is generated, a tool call once its arguments are complete. */
export type ChatChunk =
  | { readonly type: 'text'; readonly delta: string }
  | { readonly type: 'tool_call'; readonly call: ToolCall };

export type LanguageModelFailureKind = 'timeout' | 'http' | 'network' | 'protocol';

/** The model could not answer: how {@link LanguageModel.stream}'s promise fails. */
export class LanguageModelFailure extends Error {
  constructor(
    readonly kind: LanguageModelFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'LanguageModelFailure';
  }
}

/** Hears the pieces of an answer as they arrive: those one read of the network brought, in order. */
export type ChunksHeard = (chunks: readonly ChatChunk[]) => void;

/**
 * A chat model that streams its answer and may call tools (hosted mode). `heard` is called
 * with the chunks as they arrive, never with none; the promise resolves once the answer is
 * over and fails with a {@link LanguageModelFailure} when the model errs or is too slow (after
 * the chunks that came before the failure). Once the request's signal is aborted it resolves
 * quietly and `heard` hears nothing more.
 *
 * Pushed rather than pulled (an async iterable): every token of a hosted answer passes from
 * here to the caller's socket, and each pulling layer cost a promise and an iterator step a
 * token, the young garbage whose collections paused the calls' event loop. An async iterable
 * of one's own becomes a model in one line: `for await (const c of chunks) heard([c])`.
 */
export interface LanguageModel {
  stream(request: ChatRequest, heard: ChunksHeard): Promise<void>;
  /** Opens a connection to the model's server ahead of the first answer (a call rings); never rejects. */
  warmUp?(): Promise<void>;
}
