import type { Agent } from '../../domain/agent.js';
import type { Call } from '../../domain/call.js';
import { LanguageModelFailure, type ChatChunk, type ChatMessage, type LanguageModel, type ToolCall, type ToolDefinition } from '../ports/language-model.js';
import type { Logger } from '../ports/logger.js';
import type { ActionTaker, AgentAction, AgentBrain, BrainTurn, TurnTiming } from './agent-brain.js';
import { systemMessage, TOOL, toolsFor, transcriptMessages, type ToolExchange } from './hosted-call-prompt.js';
import type { CustomToolRunner, ToolRunResult } from './custom-tool-runner.js';
import { fillVariables } from '../../domain/call-variables.js';
import { lazyChildLogger } from './lazy-child-logger.js';
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

/**
 * What one request's answer brought: each network read's text is spoken at once as one piece
 * (what arrived together goes together; the carrier buffers for its speech synthesis), its
 * tool calls gathered for after the answer.
 */
class HeardRound {
  /** The text's pieces, joined only if a tool call needs the model to hear its own words back. */
  private readonly pieces: string[] = [];
  readonly calls: ToolCall[] = [];

  constructor(
    private readonly speech: StreamedSpeech,
    private readonly act: ActionTaker,
    private readonly timing: TurnTiming,
    private readonly now: () => number,
  ) {}

  readonly hear = (chunks: readonly ChatChunk[]): void => {
    this.timing.firstChunkAt ??= this.now();
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

  get text(): string {
    return this.pieces.join('');
  }
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

  async answer(turn: BrainTurn, signal: AbortSignal, act: ActionTaker): Promise<void> {
    const { call, agent } = turn;
    const { log, system, tools } = this.standingOf(call, agent);
    const { model } = this.deps;
    if (!model) {
      log.warn({ agentId: call.agentId }, 'hosted voice mode has no language model: set LLM_BASE_URL (and LLM_MODEL); the caller hears the apology');
      act(this.apology('no language model is configured (set LLM_BASE_URL and LLM_MODEL)'));
      return;
    }
    const exchanges = this.exchanges.get(call) ?? [];
    this.exchanges.set(call, exchanges);
    // A tool a barge-in left running answers before the model is asked again: its result is in the history.
    const running = this.running.get(call) ?? [];
    if (running.length > 0) await Promise.all(running);
    this.running.delete(call);
    if (signal.aborted) return;
    // The conversation up to the caller's words is made for each request rather than kept through
    // the answer: held while the model speaks, it outlived collections of the young generation.
    const opening = (): ChatMessage[] => [
      { role: 'system', content: system },
      ...transcriptMessages(turn.history, exchanges),
      { role: 'user', content: turn.dtmf !== null ? `[pressed ${turn.dtmf}]` : turn.utterance },
    ];
    /** What this answer's earlier rounds added: the model's tool calls and their results. */
    const rounds: ChatMessage[] = [];
    turn.timing.requestedAt = this.deps.now();
    const speech = new StreamedSpeech();
    for (let round = 1; round <= MAX_ROUNDS; round++) {
      speech.newRound();
      const heard = new HeardRound(speech, act, turn.timing, this.deps.now);
      try {
        await model.stream({ messages: [...opening(), ...rounds], tools, signal }, heard.hear);
      } catch (error) {
        if (signal.aborted) return;
        const known = error instanceof LanguageModelFailure;
        const reason = known ? error.message : `unexpected failure: ${String(error)}`;
        log.error({ agentId: call.agentId, kind: known ? error.kind : 'unexpected', err: reason }, 'the language model could not answer; the caller hears the apology');
        speech.newRound();
        act({ ...(speech.say(this.deps.apology) ?? this.apology('')), error: `language model: ${reason}` });
        return;
      }
      if (signal.aborted) return;
      const { calls } = heard;
      if (calls.length === 0) return;
      const outcome = this.perform(calls, turn, round, log);
      const exchange = { afterSequence: turn.turnSequence, calls, results: outcome.results };
      exchanges.push(exchange);
      for (const action of outcome.actions) if (!act(action)) return;
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
        this.running.set(call, [...(this.running.get(call) ?? []), recorded]);
        if (!listening) return;
        for (const { message } of outcome.custom) {
          if (!message) continue;
          // An execution message joins the answer as its own sentence, set apart like a new round.
          speech.newRound();
          const piece = speech.say(message);
          if (piece && !act(piece)) return;
        }
        await recorded;
        if (signal.aborted) return;
      } else if (!outcome.refused) return;
      rounds.push(
        { role: 'assistant', content: heard.text, toolCalls: calls },
        ...exchange.results.map((r): ChatMessage => ({ role: 'tool', toolCallId: r.toolCallId, content: r.content })),
      );
    }
  }

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

  private apology(error: string): Say {
    return { kind: 'say', text: this.deps.apology, interim: false, error };
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
