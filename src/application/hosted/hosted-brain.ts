import type { Agent } from '../../domain/agent.js';
import type { Call } from '../../domain/call.js';
import type { ChatMessage, LanguageModel } from '../ports/language-model.js';
import type { Logger } from '../ports/logger.js';
import type { ActionTaker, AgentBrain, BrainTurn } from '../ports/agent-brain.js';
import { systemMessage, toolsFor, type ToolExchange } from './hosted-call-prompt.js';
import type { CustomToolRunner, ToolRunResult } from './custom-tool-runner.js';
import { lazyChildLogger } from '../kernel/lazy-child-logger.js';
import { warmTransferTools } from './warm-transfer-tool.js';
import { OPT_OUT_DEFINITION } from './opt-out-tool.js';
import { knowledgeTools } from './knowledge-tool.js';
import type { KnowledgeSearch } from '../queries/knowledge-search.js';
import { HostedReply, type Standing } from './hosted-reply.js';
import { interpretToolCalls } from './hosted-tool-calls.js';
import { switchLanguageTools } from './switch-language-tool.js';
import { sendTextTools } from './send-text-tool.js';
import type { TextSender } from '../ports/text-sender.js';
import { apologyOf } from './streamed-speech.js';
import { conversationOf, type ModelTier } from '../../domain/conversation-settings.js';
import type { McpToolServers } from '../ports/mcp-tool-servers.js';
import { McpToolset } from './mcp-toolset.js';
import { handoffTools } from './handoff-tool.js';
import { knowledgeContextFor, retrievesBeforeEachAnswer } from './knowledge-context.js';

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
  /** Searches the knowledge bases agents name (their `search_knowledge` tool); absent: the tool is not offered. */
  readonly knowledge?: KnowledgeSearch;
  /** The model each `modelTier` asks for; a tier not here (or none given) asks for the model's own default. */
  readonly tierModels?: Partial<Record<ModelTier, string>>;
  /** Sends the texts of agents with `enableMessaging` (their `send_text` tool); absent: the tool is not offered. */
  readonly texts?: TextSender;
  /** Reaches the MCP servers agents name; absent: their tools are not offered. */
  readonly mcp?: McpToolServers;
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
   * message and tools follow from the call and its agent, which stay the same while it lasts,
   * so no turn needs to build them again.
   */
  private readonly standing = new WeakMap<Call, Standing>();
  /** Per live call, its agent's MCP tools: listed before its first answer, then kept. */
  private readonly mcpTools = new WeakMap<Call, McpToolset | Promise<McpToolset>>();

  constructor(private readonly deps: HostedBrainDeps) {}

  warmUp(): void {
    void this.deps.model?.warmUp?.();
  }

  answer(turn: BrainTurn, signal: AbortSignal, act: ActionTaker): Promise<void> {
    const { call, agent } = turn;
    const mcp = this.mcpOf(call, agent);
    if (mcp instanceof Promise) return mcp.then(() => (signal.aborted ? undefined : this.answer(turn, signal, act)));
    const standing = this.standingOf(call, agent, mcp);
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
    const ask = () => {
      turn.timing.requestedAt = this.deps.now();
      return reply.ask();
    };
    const knowledge = this.deps.knowledge;
    const asked = retrievesBeforeEachAnswer(standing.agent, knowledge) && standing.agent && turn.dtmf === null
      ? this.grounded(knowledge, standing.agent, reply, ask)
      : ask;
    // A tool a barge-in left running answers before the model is asked again: its result is in the history.
    const running = this.running.get(call);
    if (!running || running.length === 0) return asked();
    return Promise.all(running).then(() => {
      this.running.delete(call);
      return signal.aborted ? undefined : asked();
    });
  }

  /**
   * Retrieval before each answer: the caller's latest words are searched first, and the model
   * asked with the passages found (the agent's turn keeps them as its sources).
   */
  private grounded(knowledge: KnowledgeSearch, agent: Agent, reply: HostedReply, ask: () => Promise<void>): () => Promise<void> {
    return () =>
      knowledgeContextFor(knowledge, agent, reply.turn.utterance, reply.standing.log).then((found) => {
        if (reply.signal.aborted) return undefined;
        if (found) {
          reply.context = found.message;
          if (!reply.act({ kind: 'sources', sources: found.sources })) return undefined;
        }
        return ask();
      });
  }

  /**
   * After a round that called tools: digits, opt-outs, transfers and hang-ups are acted on,
   * custom tools sent, refusals explained. True when the model is to hear the results and speak again.
   */
  private readonly toolsCalled = async (reply: HostedReply): Promise<boolean> => {
    const { turn, signal, act, calls, round } = reply;
    const outcome = interpretToolCalls(calls, turn, round, reply.standing.log, { runner: this.deps.tools, knowledge: this.deps.knowledge, texts: this.deps.texts, mcp: reply.standing.mcp });
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
    } else if (!outcome.speakAgain) return false;
    reply.rounds.push(
      { role: 'assistant', content: reply.text, toolCalls: calls },
      ...exchange.results.map((r): ChatMessage => ({ role: 'tool', toolCallId: r.toolCallId, content: r.content })),
    );
    return true;
  };

  /** The call's MCP tools, or the listing of them under way; null when its agent names no server. */
  private mcpOf(call: Call, agent: Agent | null): McpToolset | Promise<McpToolset> | null {
    const { mcp } = this.deps;
    if (!mcp || !agent?.mcpServers?.length) return null;
    const known = this.mcpTools.get(call);
    if (known) return known;
    const listing = McpToolset.of(agent, mcp, lazyChildLogger(this.deps.logger, { callId: call.id })).then((set) => {
      this.mcpTools.set(call, set);
      return set;
    });
    this.mcpTools.set(call, listing);
    return listing;
  }

  private standingOf(call: Call, agent: Agent | null, mcp: McpToolset | null): Standing {
    const known = this.standing.get(call);
    if (known?.agent === agent) return known;
    const tierModel = this.deps.tierModels?.[conversationOf(call).modelTier];
    const made: Standing = {
      agent,
      ...(tierModel ? { model: tierModel } : {}),
      log: lazyChildLogger(this.deps.logger, { callId: call.id }),
      system: systemMessage(call, agent) + unavailableLine(mcp),
      tools: [
        ...toolsFor(call, agent),
        ...warmTransferTools(agent),
        OPT_OUT_DEFINITION,
        ...knowledgeTools(agent, this.deps.knowledge),
        ...switchLanguageTools(call),
        ...sendTextTools(call, agent, this.deps.texts),
        ...handoffTools(call, agent),
        ...(mcp?.definitions ?? []),
      ],
      mcp,
    };
    this.standing.set(call, made);
    return made;
  }
}

/** Tells the model which of its servers' tools it cannot use on this call, so it says so rather than guess. */
const unavailableLine = (mcp: McpToolset | null): string =>
  mcp?.unavailable.length
    ? `\nThe tools of ${mcp.unavailable.join(', ')} cannot be reached on this call; if the caller needs them, say you cannot do that right now.`
    : '';
