import {
  LanguageModelFailure,
  type ChatRequest,
  type ChunksHeard,
  type LanguageModel,
} from '../../application/ports/language-model.js';

/** One scripted answer: text (streamed word by word), then tool calls; or a failure. */
export interface ScriptedReply {
  readonly text?: string;
  readonly toolCalls?: readonly { readonly name: string; readonly arguments?: Readonly<Record<string, unknown>> }[];
  /** Throws this instead of answering, as a failing model would. */
  readonly fail?: string;
}

export type ScriptEntry = string | ScriptedReply | ((request: ChatRequest) => string | ScriptedReply);

/**
 * A deterministic stand-in for a language model (tests, demos, embedders' own tests): each
 * request takes the next entry of the script; a script run dry fails as a model would.
 * Every request is kept in {@link requests}.
 */
export class ScriptedLanguageModel implements LanguageModel {
  readonly requests: ChatRequest[] = [];
  private readonly script: ScriptEntry[];
  private calls = 0;

  constructor(script: readonly ScriptEntry[] = []) {
    this.script = [...script];
  }

  /** Appends answers to the script. */
  add(...entries: ScriptEntry[]): this {
    this.script.push(...entries);
    return this;
  }

  /** Speaks the next entry word by word, a word a turn of the microtask queue, then its tool calls. */
  async stream(request: ChatRequest, heard: ChunksHeard): Promise<void> {
    this.requests.push(request);
    const entry = this.script.shift();
    if (entry === undefined) throw new LanguageModelFailure('protocol', 'the scripted model has no answer left');
    const reply = typeof entry === 'function' ? entry(request) : entry;
    const { text = '', toolCalls = [], fail } = typeof reply === 'string' ? { text: reply } : reply;
    if (fail !== undefined) throw new LanguageModelFailure('http', fail);
    for (const delta of text.match(/\S+\s*|\s+/g) ?? []) {
      await Promise.resolve();
      if (request.signal.aborted) return;
      heard([{ type: 'text', delta }]);
    }
    const calls = toolCalls.map((call) => ({ type: 'tool_call' as const, call: { id: `call_scripted_${++this.calls}`, name: call.name, arguments: call.arguments ?? {} } }));
    if (calls.length > 0 && !request.signal.aborted) heard(calls);
  }
}
