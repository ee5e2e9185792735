import type { Agent } from '../../domain/agent.js';
import type { Call } from '../../domain/call.js';
import { LanguageModelFailure, type ChatChunk, type ChatMessage, type LanguageModel, type ToolCall, type ToolDefinition } from '../ports/language-model.js';
import type { Logger } from '../ports/logger.js';
import type { ActionTaker, AgentAction, AgentBrain, BrainTurn } from '../ports/agent-brain.js';
import { systemMessage, TOOL, toolsFor, transcriptMessages, type ToolExchange } from './hosted-call-prompt.js';
import type { CustomToolRunner, ToolRunResult } from './custom-tool-runner.js';
import { fillVariables } from '../../domain/call-variables.js';
import { lazyChildLogger } from '../kernel/lazy-child-logger.js';
import { WARM_TRANSFER_TOOL, warmTransferOf, warmTransferTools } from './warm-transfer-tool.js';

export const DEFAULT_HOSTED_APOLOGY = "Sorry, I'm having trouble right now. Please try again in a moment.";

export interface HostedBrainDeps {
  /** Null: no model is configured; every turn gets the apology. */
  readonly model: LanguageModel | null;
  /** Spoken when the model fails, is too slow or is missing. */
  readonly apology: string;
  readonly logger: Logger;
  /** Monotonic milliseconds. */
  readonly now: () => number;
  /** Runs the agents' custom HTTP tools; absent: the model is told they cannot run. */
  readonly tools?: CustomToolRunner;
}

/** A refused or custom tool call gets the model another go, to use what it learnt; bounded. */
const MAX_ROUNDS = 3;
const DIGITS = /^[0-9*#wW]+$/;

type Say = Extract<AgentAction, { readonly kind: 'say' }>;

interface Standing {
  readonly agent: Agent | null;
  readonly log: Logger;
  readonly system: string;
  readonly tools: readonly ToolDefinition[];
}

interface ToolOutcome {
  readonly actions: AgentAction[];
  readonly results: { readonly toolCallId: string; readonly content: string }[];
  /** Something was refused: the model should hear why and speak again. */
  readonly refused: boolean;
  /** Custom tools to call, in order: `start` sends the request. */
  readonly custom: CustomCall[];
}

interface CustomCall {
  readonly call: ToolCall;
  readonly start: () => Promise<ToolRunResult>;
  /** Spoken while it runs (`speakDuringExecution`), variables filled. */
  readonly message: string | null;
}

/**
 * Pieces of one spoken answer, joined by the session exactly as given (`verbatim`): white
 * space before the first word is dropped and white space at the end of a piece waits for the
 * next one, so the stored turn is the answer trimmed; a later round (after a refused tool) or
 * the apology after some words is set apart by a space.
 */
class StreamedSpeech {
  private started = false;
  private pending = '';

  newRound(): void {
    if (this.started && this.pending === '') this.pending = ' ';
  }

  say(delta: string): Say | null {
    let text = this.pending + delta;
    if (!this.started) text = text.trimStart();
    const body = text.trimEnd();
    this.pending = text.slice(body.length);
    if (body === '') return null;
    this.started = true;
    return { kind: 'say', text: body, interim: false, verbatim: true };
  }
}

/** Said instead of an answer when the model cannot give one; `error` says why, for the transcript. */
const apologyOf = (text: string, error: string): Say => ({ kind: 'say', text, interim: false, error });

/**
 * One answer in flight: its rounds of asking the model, its words spoken as each read of the
 * model's stream brings them (what arrived together goes as one piece; the carrier buffers for
 * its speech synthesis), its tool calls gathered for after the round.
 *
 * An object of its own, continued by callbacks, rather than an async function: every call has
 * an answer in flight while its agent speaks, and an async function's suspended frame kept all
 * fifty registers of the whole answer, the garbage that outlived collections of the young
 * generation. The rare rounds after a tool call run in an async function of the brain's.
 */
class HostedReply {
  readonly speech = new StreamedSpeech();
  /** This round's text, in pieces, joined only if a tool call needs the model to hear its words back. */
  private pieces: string[] = [];
  /** This round's tool calls. */
  calls: ToolCall[] = [];
  /** What earlier rounds added: the model's tool calls and their results. */
  readonly rounds: ChatMessage[] = [];
  round = 0;

  constructor(
    readonly turn: BrainTurn,
    readonly signal: AbortSignal,
    readonly act: ActionTaker,
    readonly standing: Standing,
    readonly exchanges: ToolExchange[],
    private readonly model: LanguageModel,
    private readonly deps: HostedBrainDeps,
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
    // Made for each request and let go of once sent: held while the model speaks, the
    // conversation outlived collections of the young generation.
    const messages: ChatMessage[] = [
      { role: 'system', content: standing.system },
      ...transcriptMessages(turn.history, this.exchanges),
      { role: 'user', content: turn.dtmf !== null ? `[pressed ${turn.dtmf}]` : turn.utterance },
      ...this.rounds,
    ];
    return this.model.stream({ messages, tools: standing.tools, signal: this.signal }, this.hear).then(this.streamed, this.failed);
  }

  /** The words this round spoke, as the model gave them. */
  get text(): string {
    return this.pieces.join('');
  }

  private readonly hear = (chunks: readonly ChatChunk[]): void => {
    this.turn.timing.firstChunkAt ??= this.deps.now();
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
    if (this.signal.aborted || this.calls.length === 0) return undefined;
    return this.toolsCalled(this).then((again) => (again && this.round < MAX_ROUNDS ? this.ask() : undefined));
  };

  /** The model failed: after whatever was said, the apology, never silence. */
  private readonly failed = (error: unknown): void => {
    if (this.signal.aborted) return;
    const known = error instanceof LanguageModelFailure;
    const reason = known ? error.message : `unexpected failure: ${String(error)}`;
    this.standing.log.error(
      { agentId: this.turn.call.agentId, kind: known ? error.kind : 'unexpected', err: reason },
      'the language model could not answer; the caller hears the apology',
    );
    this.speech.newRound();
    this.act({ ...(this.speech.say(this.deps.apology) ?? apologyOf(this.deps.apology, '')), error: `language model: ${reason}` });
    this.act({ kind: 'unanswered', reason: { kind: 'model_failed', error: reason } });
  };
}

/**
 * The `hosted` voice mode: the language model answers from the agent's system prompt (or the
 * call's own), the call's context and its transcript. The model's text is spoken as it arrives
 * (what arrives in one turn of the event loop goes as one piece; the carrier buffers for its
 * speech synthesis); the tools transfer, press digits and hang up. An aborted signal (barge-in,
 * hang-up) closes the model's stream. A model that fails, stalls or is missing gets the
 * caller a short apology, never silence nor a dropped call; the reason is logged and kept on
 * the apology's transcript turn (`error`).
 */
export class HostedBrain implements AgentBrain {
  /** Per live call (its session's Call object), the tool calls so far, replayed to the model. */
  private readonly exchanges = new WeakMap<Call, ToolExchange[]>();
  /** Per live call, custom tools still running (a barge-in left them): the next turn waits for them. */
  private readonly running = new WeakMap<Call, Promise<unknown>[]>();
  /**
   * Per live call, what every turn of it sends alike, made on its first turn: a call's system
   * message and tools follow from the call and its agent, which stay the same while it lasts.
   * Made again each turn they were garbage that outlived a collection of the young generation.
   */
  private readonly standing = new WeakMap<Call, Standing>();

  constructor(private readonly deps: HostedBrainDeps) {}

  answer(turn: BrainTurn, signal: AbortSignal, act: ActionTaker): Promise<void> {
    const { call, agent } = turn;
    const standing = this.standingOf(call, agent);
    const { model } = this.deps;
    if (!model) {
      standing.log.warn({ agentId: call.agentId }, 'hosted voice mode has no language model: set LLM_BASE_URL (and LLM_MODEL); the caller hears the apology');
      act(apologyOf(this.deps.apology, 'no language model is configured (set LLM_BASE_URL and LLM_MODEL)'));
      act({ kind: 'unanswered', reason: { kind: 'no_model' } });
      return Promise.resolve();
    }
    const exchanges = this.exchanges.get(call) ?? [];
    this.exchanges.set(call, exchanges);
    const reply = new HostedReply(turn, signal, act, standing, exchanges, model, this.deps, this.toolsCalled);
    const asked = () => {
      turn.timing.requestedAt = this.deps.now();
      return reply.ask();
    };
    // A tool a barge-in left running answers before the model is asked again: its result is in the history.
    const running = this.running.get(call);
    if (!running || running.length === 0) return asked();
    return Promise.all(running).then(() => {
      this.running.delete(call);
      return signal.aborted ? undefined : asked();
    });
  }

  /**
   * After a round that called tools: digits, transfers and hang-ups are acted on, custom tools
   * sent, refusals explained. True when the model is to hear the results and speak again.
   */
  private readonly toolsCalled = async (reply: HostedReply): Promise<boolean> => {
    const { turn, signal, act, calls, round } = reply;
    const outcome = this.perform(calls, turn, round, reply.standing.log);
    const exchange = { afterSequence: turn.turnSequence, calls, results: outcome.results };
    reply.exchanges.push(exchange);
    for (const action of outcome.actions) if (!act(action)) return false;
    if (outcome.custom.length > 0) {
      // Each request is sent only once the session has taken its action (and so will store its
      // result): a barge-in before that leaves the call unsent; after it, nothing is lost.
      const results: Promise<{ toolCallId: string; content: string }>[] = [];
      let listening = true;
      for (const custom of outcome.custom) {
        let resolve!: (result: Promise<ToolRunResult>) => void;
        const result = new Promise<ToolRunResult>((r) => (resolve = r));
        listening = !signal.aborted && act({ kind: 'tool', toolCallId: custom.call.id, name: custom.call.name, arguments: custom.call.arguments, result });
        if (!listening) break;
        resolve(custom.start());
        results.push(result.then((r) => ({ toolCallId: custom.call.id, content: r.content })));
      }
      // Every call of the exchange gets its result (the model's next request must answer each),
      // those never sent saying so.
      const unsent = outcome.custom.slice(results.length).map((c) => ({ toolCallId: c.call.id, content: 'Not sent: the caller spoke before this tool was called.' }));
      const recorded = Promise.all(results).then((settled) => void exchange.results.push(...settled, ...unsent));
      this.running.set(turn.call, [...(this.running.get(turn.call) ?? []), recorded]);
      if (!listening) return false;
      for (const { message } of outcome.custom) {
        if (!message) continue;
        // An execution message joins the answer as its own sentence, set apart like a new round.
        reply.speech.newRound();
        const piece = reply.speech.say(message);
        if (piece && !act(piece)) return false;
      }
      await recorded;
      if (signal.aborted) return false;
    } else if (!outcome.refused) return false;
    reply.rounds.push(
      { role: 'assistant', content: reply.text, toolCalls: calls },
      ...exchange.results.map((r): ChatMessage => ({ role: 'tool', toolCallId: r.toolCallId, content: r.content })),
    );
    return true;
  };

  private standingOf(call: Call, agent: Agent | null): Standing {
    const known = this.standing.get(call);
    if (known?.agent === agent) return known;
    const made: Standing = {
      agent,
      log: lazyChildLogger(this.deps.logger, { callId: call.id }),
      system: systemMessage(call, agent),
      tools: [...toolsFor(call, agent), ...warmTransferTools(agent)],
    };
    this.standing.set(call, made);
    return made;
  }

  /** Digits first, then at most one ending action (transfer or hang-up), which ends the session. */
  private perform(calls: readonly ToolCall[], turn: BrainTurn, round: number, log: Logger): ToolOutcome {
    const actions: AgentAction[] = [];
    const results: ToolOutcome['results'][number][] = [];
    const custom: CustomCall[] = [];
    let ending: AgentAction | null = null;
    let refused = false;
    const refuse = (call: ToolCall, why: string) => {
      refused = true;
      results.push({ toolCallId: call.id, content: `Refused: ${why}` });
      log.warn({ tool: call.name, why }, 'the language model asked for something refused');
    };
    for (const call of calls) {
      if (call.name === TOOL.digits && turn.call.direction === 'outbound') {
        const digits = typeof call.arguments.digits === 'number' ? String(call.arguments.digits) : call.arguments.digits;
        if (typeof digits !== 'string' || !DIGITS.test(digits)) refuse(call, 'digits must be a string of 0-9, * and #.');
        else {
          actions.push({ kind: 'digits', digits });
          results.push({ toolCallId: call.id, content: `Pressed ${digits}.` });
        }
      } else if (call.name === TOOL.transfer) {
        const to = turn.agent?.transferNumber ?? null;
        if (to === null) refuse(call, 'no transfer number is set up for this agent. Tell the caller you cannot transfer them, and keep helping.');
        else {
          ending ??= { kind: 'transfer' };
          results.push({ toolCallId: call.id, content: 'Transferred; the call with you is over.' });
        }
      } else if (call.name === WARM_TRANSFER_TOOL) {
        const warm = warmTransferOf(call, turn.agent);
        if ('refused' in warm) refuse(call, warm.refused);
        else {
          ending ??= warm.action;
          results.push({ toolCallId: call.id, content: warm.result });
        }
      } else if (call.name === TOOL.endCall) {
        ending ??= { kind: 'hangup' };
        results.push({ toolCallId: call.id, content: 'Call ended.' });
      } else if (turn.agent?.customTools.some((tool) => tool.name === call.name) && this.deps.tools) {
        const tool = turn.agent.customTools.find((t) => t.name === call.name)!;
        const runner = this.deps.tools;
        custom.push({
          call,
          start: () =>
            runner.run(tool, call.arguments, {
              requestId: `${turn.call.id}.${turn.turnSequence}.${round}.${call.id}`,
              variables: turn.call.variables,
              secret: turn.webhook?.secret ?? null,
            }),
          message: tool.speakDuringExecution && tool.executionMessage?.trim() ? fillVariables(tool.executionMessage, turn.call.variables).trim() : null,
        });
      } else {
        refuse(call, `there is no tool named ${call.name}.`);
      }
    }
    // An ending (transfer, hang-up) closes the call: tools called beside it are not sent.
    if (ending) return { actions: [...actions, ending], results, refused: false, custom: [] };
    return { actions, results, refused, custom };
  }
}
