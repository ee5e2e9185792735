import type { Agent } from '../../domain/agent.js';
import { isSpokenTurn, type Call, type TranscriptTurn } from '../../domain/call.js';
import { fillVariables } from '../../domain/call-variables.js';
import type { ChatMessage, ToolCall, ToolDefinition } from '../ports/language-model.js';
import { handoffLine } from './handoff-tool.js';

/** Tool calls the model made after one caller turn, and what came of them. */
export interface ToolExchange {
  /** The caller's turn they answered. */
  readonly afterSequence: number;
  readonly calls: readonly ToolCall[];
  readonly results: readonly { readonly toolCallId: string; readonly content: string }[];
}

export const TOOL = { transfer: 'transfer_call', digits: 'press_digits', endCall: 'end_call' } as const;

const FALLBACK_PROMPT = 'You are a helpful phone agent.';

/** The agent's custom HTTP tools, as the model is offered them. */
export const customToolDefinitions = (agent: Agent | null): ToolDefinition[] =>
  (agent?.customTools ?? []).map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.parameters }));

/** The tools of a call: digits only where we called out (phone trees answer outbound calls); the agent's own last. */
export const toolsFor = (call: Call, agent: Agent | null): ToolDefinition[] => [
  {
    name: TOOL.transfer,
    description: agent?.transferNumber
      ? 'Cold-transfer the caller to a human colleague. Say a short goodbye first; the call with you ends.'
      : 'Cold-transfer the caller to a human colleague. No transfer number is set up, so this will be refused.',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
  },
  ...(call.direction === 'outbound'
    ? [
        {
          name: TOOL.digits,
          description: 'Press keys on the phone keypad, e.g. to choose an option of an automated phone menu.',
          parameters: {
            type: 'object',
            properties: { digits: { type: 'string', description: 'The keys to press in order: 0-9, * and #, e.g. "1" or "1234#".' } },
            required: ['digits'],
            additionalProperties: false,
          },
        },
      ]
    : []),
  {
    name: TOOL.endCall,
    description: 'Hang up. Use it once the conversation is over and you have said goodbye.',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
  },
  ...customToolDefinitions(agent),
];

const callLine = (call: Call): string => {
  if (call.type === 'web') return 'The caller is talking to you from a web browser.';
  return call.direction === 'inbound'
    ? `The caller dialled ${call.toNumber} from ${call.fromNumber}.`
    : `You called ${call.toNumber} from ${call.fromNumber}; they picked up.`;
};

/**
 * The system message: the agent's prompt, the call's own goal on top of it (a call's prompt
 * alone when the agent has none), then what the call is; `{{variables}}` filled.
 */
export const systemMessage = (call: Call, agent: Agent | null, unknown?: Set<string>): string => {
  const agentPrompt = fillVariables(agent?.systemPrompt ?? '', call.variables, unknown).trim();
  const callPrompt = fillVariables(call.systemPrompt ?? '', call.variables, unknown).trim();
  const prompt =
    agentPrompt && callPrompt ? `${callPrompt}\n\n${agentPrompt}` : callPrompt || agentPrompt || FALLBACK_PROMPT;
  const context = [
    `You are ${agent?.name ? `"${agent.name}"` : 'the agent'}, on a live phone call. Everything you write is spoken aloud: answer in short, natural sentences, without lists, markdown or emoji.`,
    callLine(call),
    call.greeting.trim() !== '' ? `The call opened with your greeting: "${call.greeting.trim()}"` : null,
    handoffLine(call, agent),
  ].filter((line) => line !== null);
  return `${prompt}\n\n${context.join('\n')}`;
};

/** The transcript as chat messages, with the tool calls of earlier turns where they happened. */
export const transcriptMessages = (turns: readonly TranscriptTurn[], exchanges: readonly ToolExchange[]): ChatMessage[] => {
  const messages: ChatMessage[] = [];
  const bySequence = new Map<number, ToolExchange[]>();
  for (const exchange of exchanges) bySequence.set(exchange.afterSequence, [...(bySequence.get(exchange.afterSequence) ?? []), exchange]);
  let open: ToolExchange[] | null = null;
  // Rounds of tool calls after one caller turn, in order; the words spoken go with the first.
  const closeExchange = (content: string) => {
    if (!open) return;
    for (const [index, exchange] of open.entries()) {
      messages.push({ role: 'assistant', content: index === 0 ? content : '', toolCalls: exchange.calls });
      for (const result of exchange.results) messages.push({ role: 'tool', toolCallId: result.toolCallId, content: result.content });
    }
    open = null;
  };
  for (const turn of turns) {
    // Tool turns are replayed from the exchanges, with the model's own call ids.
    if (!isSpokenTurn(turn)) continue;
    if (turn.role === 'agent') {
      if (open) closeExchange(turn.content);
      else messages.push({ role: 'assistant', content: turn.content });
      continue;
    }
    closeExchange('');
    messages.push({ role: 'user', content: turn.content });
    open = bySequence.get(turn.sequence) ?? null;
  }
  closeExchange('');
  return messages;
};
