import type { Agent } from '../../domain/agent.js';
import { LanguageModelFailure, type ChatChunk, type ChatMessage, type LanguageModel, type ToolCall, type ToolDefinition } from '../ports/language-model.js';
import type { Logger } from '../ports/logger.js';
import type { ActionTaker, BrainTurn } from '../ports/agent-brain.js';
import { NO_SPAN, type TraceSpan } from '../ports/tracing.js';
import { transcriptMessages, type ToolExchange } from './hosted-call-prompt.js';
import { apologyOf, StreamedSpeech } from './streamed-speech.js';
import type { McpToolset } from './mcp-toolset.js';

/** A refused or custom tool call gets the model another go, to use what it learnt; bounded. */
const MAX_ROUNDS = 3;

/** What every turn of a call sends alike: its agent, its logger, its system message and tools. */
export interface Standing {
  readonly agent: Agent | null;
  readonly log: Logger;
  readonly system: string;
  readonly tools: readonly ToolDefinition[];
  /** The model the call's `modelTier` asks for; absent: the configured default. */
  readonly model?: string;
  /** The agent's MCP servers' tools on this call; null: it has none. */
  readonly mcp: McpToolset | null;
}

export interface HostedReplyDeps {
  /** Spoken when the model fails. */
  readonly apology: string;
  /** Monotonic milliseconds. */
  readonly now: () => number;
}

/**
 * One answer in flight: its rounds of asking the model, its words spoken as each read of the
 * model's stream brings them (what arrived together goes as one piece; the carrier buffers for
 * its speech synthesis), its tool calls gathered for after the round.
 *
 * An object of its own, continued by callbacks, rather than an async function: every call has
 * an answer in flight while its agent speaks, and a suspended async function would keep all it
 * touched alive for the whole answer. The rare rounds after a tool call run in an async
 * function of the brain's.
 */
export class HostedReply {
  readonly speech = new StreamedSpeech();
  /** This round's text, in pieces, joined only if a tool call needs the model to hear its words back. */
  private pieces: string[] = [];
  /** This round's tool calls. */
  calls: ToolCall[] = [];
  /** What earlier rounds added: the model's tool calls and their results. */
  readonly rounds: ChatMessage[] = [];
  round = 0;
  /** Passages found for the caller's words before the answer (retrieval before each answer), given to every round. */
  context: string | null = null;
  /** This round's model stream span; `heard` once its first chunk came. */
  private span: TraceSpan = NO_SPAN;
  private heard = false;

  constructor(
    readonly turn: BrainTurn,
    readonly signal: AbortSignal,
    readonly act: ActionTaker,
    readonly standing: Standing,
    readonly exchanges: ToolExchange[],
    private readonly model: LanguageModel,
    private readonly deps: HostedReplyDeps,
    /** After a round with tool calls: true when the model is to be asked again. */
    private readonly toolsCalled: (reply: HostedReply) => Promise<boolean>,
  ) {}

  /** Asks the model for the next round; settles once the answer is over. */
  ask(): Promise<void> {
    this.round++;
    this.speech.newRound();
    this.pieces = [];
    this.calls = [];
    const { turn, standing } = this;
    this.span = (turn.span ?? NO_SPAN).child('model stream');
    this.heard = false;
    if (this.span.recording) this.span.set('switchboard.model.round', this.round);
    // Made for each request and let go of once sent, so the conversation is not held for as
    // long as the model speaks.
    const messages: ChatMessage[] = [
      { role: 'system', content: standing.system },
      ...transcriptMessages(turn.history, this.exchanges),
      ...this.contextMessages(),
      { role: 'user', content: turn.dtmf !== null ? `[pressed ${turn.dtmf}]` : turn.utterance },
      ...this.rounds,
    ];
    const request = { messages, tools: standing.tools, signal: this.signal, ...(standing.model ? { model: standing.model } : {}) };
    return this.model.stream(request, this.hear).then(this.streamed, this.failed);
  }

  private contextMessages(): ChatMessage[] {
    return this.context === null ? [] : [{ role: 'system', content: this.context }];
  }

  /** The words this round spoke, as the model gave them. */
  get text(): string {
    return this.pieces.join('');
  }

  private readonly hear = (chunks: readonly ChatChunk[]): void => {
    if (!this.heard) {
      this.heard = true;
      this.turn.timing.firstChunkAt ??= this.deps.now();
      this.span.event('first token');
    }
    let delta = '';
    for (const chunk of chunks) {
      if (chunk.type === 'tool_call') this.calls.push(chunk.call);
      else delta = delta === '' ? chunk.delta : delta + chunk.delta;
    }
    if (delta === '') return;
    this.pieces.push(delta);
    const piece = this.speech.say(delta);
    if (piece) this.act(piece);
  };

  private readonly streamed = (): Promise<void> | undefined => {
    if (this.span.recording) this.span.set('switchboard.model.tool_calls', this.calls.length);
    this.span.end();
    if (this.signal.aborted || this.calls.length === 0) return undefined;
    return this.toolsCalled(this).then((again) => (again && this.round < MAX_ROUNDS ? this.ask() : undefined));
  };

  /** The model failed: after whatever was said, the apology, never silence. */
  private readonly failed = (error: unknown): void => {
    if (this.signal.aborted) {
      this.span.end();
      return;
    }
    const known = error instanceof LanguageModelFailure;
    const reason = known ? error.message : `unexpected failure: ${String(error)}`;
    this.span.fail(reason);
    this.span.end();
    this.standing.log.error(
      { agentId: this.turn.call.agentId, kind: known ? error.kind : 'unexpected', err: reason },
      'the language model could not answer; the caller hears the apology',
    );
    this.speech.newRound();
    this.act({ ...(this.speech.say(this.deps.apology) ?? apologyOf(this.deps.apology, '')), error: `language model: ${reason}` });
    this.act({ kind: 'unanswered', reason: { kind: 'model_failed', error: reason } });
  };
}
