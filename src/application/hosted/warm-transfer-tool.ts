import type { Agent } from '../../domain/agent.js';
import type { ToolCall, ToolDefinition } from '../ports/language-model.js';
import type { AgentAction } from '../ports/agent-brain.js';

export const WARM_TRANSFER_TOOL = 'warm_transfer';

/** A whisper is a briefing: a few sentences. */
const MAX_SUMMARY = 600;

/** The hosted agent's warm transfer, offered only when the agent has a number to transfer to. */
export const warmTransferTools = (agent: Agent | null): ToolDefinition[] =>
  agent?.transferNumber
    ? [
        {
          name: WARM_TRANSFER_TOOL,
          description:
            'Warm-transfer the caller to a human colleague: the caller holds while the colleague is called and hears your summary first. ' +
            'If nobody answers, the caller comes back to you. Tell the caller you are connecting them before calling it.',
          parameters: {
            type: 'object',
            properties: {
              summary: {
                type: 'string',
                description: 'One to three sentences for the colleague: who is calling, what they need, and what you already found out.',
              },
            },
            required: ['summary'],
            additionalProperties: false,
          },
        },
      ]
    : [];

/** The model's call of the tool, as the session's action and the tool's result; or why it is refused. */
export const warmTransferOf = (
  call: ToolCall,
  agent: Agent | null,
): { readonly action: AgentAction; readonly result: string } | { readonly refused: string } => {
  if (!agent?.transferNumber) return { refused: 'no transfer number is set up for this agent. Tell the caller you cannot transfer them, and keep helping.' };
  const summary = typeof call.arguments.summary === 'string' ? call.arguments.summary.trim() : '';
  if (summary === '') return { refused: 'a summary for the colleague is required.' };
  return {
    action: { kind: 'transfer', mode: 'warm', summary: summary.slice(0, MAX_SUMMARY) },
    result: 'Calling your colleague; the caller is on hold. If nobody answers, the caller comes back to you.',
  };
};
