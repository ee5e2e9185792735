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
}

/** A piece of the answer: text as it is generated, a tool call once its arguments are complete. */
export type ChatChunk =
  | { readonly type: 'text'; readonly delta: string }
  | { readonly type: 'tool_call'; readonly call: ToolCall };

export type LanguageModelFailureKind = 'timeout' | 'http' | 'network' | 'protocol';

/** The model could not answer: thrown by the iteration of {@link LanguageModel.stream}. */
export class LanguageModelFailure extends Error {
  constructor(
    readonly kind: LanguageModelFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'LanguageModelFailure';
  }
}

/**
 * A chat model that streams its answer and may call tools (hosted mode). The iteration throws
 * a {@link LanguageModelFailure} when the model errs or is too slow; once the request's signal
 * is aborted it ends quietly, dropping whatever was still on the way.
 */
export interface LanguageModel {
  stream(request: ChatRequest): AsyncIterable<ChatChunk>;
}
