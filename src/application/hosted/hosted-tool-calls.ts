import type { ToolCall } from '../ports/language-model.js';
import type { Logger } from '../ports/logger.js';
import type { AgentAction, BrainTurn } from '../ports/agent-brain.js';
import { fillVariables } from '../../domain/call-variables.js';
import { TOOL } from './hosted-call-prompt.js';
import type { CustomToolRunner, ToolRunResult } from './custom-tool-runner.js';
import { WARM_TRANSFER_TOOL, warmTransferOf } from './warm-transfer-tool.js';
import { OPT_OUT_RESULT, OPT_OUT_TOOL, optOutReasonOf } from './opt-out-tool.js';
import { KNOWLEDGE_TOOL, searchKnowledge } from './knowledge-tool.js';
import type { KnowledgeSearch } from '../queries/knowledge-search.js';
import type { TextSender } from '../ports/text-sender.js';
import { SEND_TEXT_TOOL, sendText, sendTextTools } from './send-text-tool.js';
import { languageSwitchOf, SWITCH_LANGUAGE_TOOL } from './switch-language-tool.js';
import type { McpToolset } from './mcp-toolset.js';
import { handoffOf } from './handoff-tool.js';
import { handoffsLeft } from '../../domain/call-handoff.js';

const DIGITS = /^[0-9*#wW]+$/;

/** What runs the tools beyond the session's own actions; each absent one's tool is refused. */
export interface ToolServices {
  readonly runner?: CustomToolRunner;
  readonly knowledge?: KnowledgeSearch;
  readonly texts?: TextSender;
  /** The agent's MCP servers' tools on this call; null or absent: it has none. */
  readonly mcp?: McpToolset | null;
}

/** What the model's tool calls of one round come to: actions for the session, results for the model. */
export interface ToolOutcome {
  readonly actions: AgentAction[];
  readonly results: { readonly toolCallId: string; readonly content: string }[];
  /** The model should hear the results and speak again: something was refused, or an opt-out is to be confirmed. */
  readonly speakAgain: boolean;
  /** Custom tools to call, in order: `start` sends the request. */
  readonly custom: CustomCall[];
}

export interface CustomCall {
  readonly call: ToolCall;
  readonly start: () => Promise<ToolRunResult>;
  /** Spoken while it runs (`speakDuringExecution`), variables filled. */
  readonly message: string | null;
}

/**
 * Digits and an opt-out first, then at most one ending action (transfer or hang-up), which ends the session.
 * Custom tools are prepared, not sent; anything the call or its agent does not allow is refused.
 */
export function interpretToolCalls(calls: readonly ToolCall[], turn: BrainTurn, round: number, log: Logger, services: ToolServices): ToolOutcome {
  const { runner, knowledge, texts, mcp } = services;
  const actions: AgentAction[] = [];
  const results: ToolOutcome['results'][number][] = [];
  const custom: CustomCall[] = [];
  let ending: AgentAction | null = null;
  let refused = false;
  let optedOut = false;
  let switched = false;
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
    } else if (call.name === OPT_OUT_TOOL) {
      if (!optedOut) {
        const reason = optOutReasonOf(call.arguments);
        actions.push(reason ? { kind: 'opt_out', reason } : { kind: 'opt_out' });
      }
      optedOut = true;
      results.push({ toolCallId: call.id, content: OPT_OUT_RESULT });
    } else if (call.name === TOOL.endCall) {
      ending ??= { kind: 'hangup' };
      results.push({ toolCallId: call.id, content: 'Call ended.' });
    } else if (call.name === SWITCH_LANGUAGE_TOOL) {
      const language = languageSwitchOf(turn.call, call.arguments);
      if ('refused' in language) refuse(call, language.refused);
      else {
        actions.push({ kind: 'language', language: language.language });
        switched = true;
        results.push({ toolCallId: call.id, content: `Switched: speak ${language.language} from now on.` });
      }
    } else if (call.name === SEND_TEXT_TOOL && texts && sendTextTools(turn.call, turn.agent, texts).length > 0) {
      const agent = turn.agent!;
      const key = `${SEND_TEXT_TOOL}.${turn.call.id}.${turn.turnSequence}.${round}.${call.id}`;
      // Run like a custom tool: recorded as tool_call and tool_result turns.
      custom.push({ call, start: () => sendText(texts, turn.call, agent, call.arguments, key), message: null });
    } else if (call.name === KNOWLEDGE_TOOL && knowledge && turn.agent?.knowledgeBaseIds?.length) {
      const agent = turn.agent;
      // Run like a custom tool: recorded as tool_call and tool_result turns, the result with its sources.
      custom.push({ call, start: () => searchKnowledge(knowledge, agent, call.arguments), message: null });
    } else if (handoffOf(call, turn.agent) && handoffsAllowed(turn)) {
      ending ??= handoffOf(call, turn.agent);
      results.push({ toolCallId: call.id, content: 'Handed over; the other agent has the call now.' });
    } else if (mcp?.has(call.name)) {
      // Run like a custom tool: recorded as tool_call and tool_result turns.
      custom.push({ call, start: () => mcp.run(call.name, call.arguments), message: null });
    } else if (turn.agent?.customTools.some((tool) => tool.name === call.name) && runner) {
      const tool = turn.agent.customTools.find((t) => t.name === call.name)!;
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
  if (ending) return { actions: [...actions, ending], results, speakAgain: false, custom: [] };
  return { actions, results, speakAgain: refused || optedOut || switched, custom };
}

/** A handoff tool answers only while the call has handoffs left (past the limit it is not offered either). */
const handoffsAllowed = (turn: BrainTurn): boolean => handoffsLeft(turn.call) > 0;
