import { HANDOFF_TOOL_PREFIX, handoffToolName } from '../../domain/agent-handoff.js';
import type { Agent } from '../../domain/agent.js';
import { handoffsLeft } from '../../domain/call-handoff.js';
import type { Call } from '../../domain/call.js';
import type { AgentAction } from '../ports/agent-brain.js';
import type { ToolCall, ToolDefinition } from '../ports/language-model.js';

/** A briefing for the next agent: a few sentences. */
const MAX_SUMMARY = 1000;

/** A `handoff_to_…` tool for each agent this one may pass the call to, while the call has handoffs left. */
export const handoffTools = (call: Call, agent: Agent | null): ToolDefinition[] =>
  handoffsLeft(call) > 0
    ? (agent?.handoffs ?? []).map((handoff) => ({
        name: handoffToolName(handoff),
        description: `Pass the caller to another agent, on this same call: ${handoff.description} Tell the caller first; the other agent takes over from there.`,
        parameters: {
          type: 'object',
          properties: { summary: { type: 'string', description: 'One to three sentences for the next agent: who is calling, what they need, what you found out.' } },
          required: ['summary'],
          additionalProperties: false,
        },
      }))
    : [];

/** The model's call of a handoff tool, as the session's action; null when it names none of the agent's handoffs. */
export const handoffOf = (call: ToolCall, agent: Agent | null): AgentAction | null => {
  if (!call.name.startsWith(HANDOFF_TOOL_PREFIX)) return null;
  const handoff = agent?.handoffs?.find((h) => handoffToolName(h) === call.name);
  if (!handoff) return null;
  const summary = typeof call.arguments.summary === 'string' ? call.arguments.summary.trim().slice(0, MAX_SUMMARY) : '';
  return { kind: 'handoff', agentId: handoff.agentId, summary: summary || null };
};

/** For the system message of the agent a call was handed to: what the one before said. */
export const handoffLine = (call: Call, agent: Agent | null): string | null => {
  const last = call.handoffs?.at(-1);
  if (!last || last.toAgentId !== agent?.id) return null;
  return `Another agent handed this call to you${last.summary ? `, saying: "${last.summary}"` : ''}. The conversation so far is above; carry on from it without greeting the caller again.`;
};
