import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { AttachNumberBody, CreateAgentBody, toAgentChanges, toAgentFields, UpdateAgentBody } from '../../rest/codecs/agents.js';
import { idText } from '../../rest/codecs/text.js';
import { AGENT_PAGE, pageEnvelope } from '../../rest/pagination.js';
import { agentView, attachedNumberView, deletedAgentView, voiceView } from '../../rest/views/agents.js';
import { none, queryString, snakeCased } from '../arguments.js';
import { destroys, outcome, output, overwrites, projectOf, readOnly, tool, writes, type AnyTool } from '../tool.js';

const AgentId = t.type({ agentId: idText });

export const agentTools: readonly AnyTool[] = [
  tool({
    name: 'list_agents',
    title: 'List agents',
    description: 'List the AI agents of the account with the phone numbers attached to each.',
    args: queryString(AGENT_PAGE),
    annotations: readOnly,
    access: 'project',
    run: (context, page) =>
      outcome(context.useCases.agents.listAgents.execute({ projectId: projectOf(context), page }), (agents) =>
        output(`${agents.items.length} of ${agents.total} agents.`, pageEnvelope(agents, page, agentView(context.useCases.agents.conversationSupport))),
      ),
  }),
  tool({
    name: 'create_agent',
    title: 'Create an agent',
    description:
      'Create an AI agent. `voice_mode` "webhook" (default) sends each caller turn to your webhook; "hosted" answers from ' +
      '`system_prompt` with the built-in model. `begin_message` (or `greeting`) is spoken when a call connects.',
    args: snakeCased(CreateAgentBody),
    annotations: writes,
    access: 'project',
    run: async (context, body) => {
      const fields = toAgentFields(body);
      if (E.isLeft(fields)) return fields;
      return outcome(context.useCases.agents.createAgent.execute({ projectId: projectOf(context), fields: fields.right }), (agent) =>
        output(`Created agent ${agent.agent.name} (${agent.agent.id}).`, agentView(context.useCases.agents.conversationSupport)(agent)),
      );
    },
  }),
  tool({
    name: 'get_agent',
    title: 'Get an agent',
    description: "One agent's settings and attached phone numbers.",
    args: snakeCased(AgentId),
    annotations: readOnly,
    access: 'project',
    run: (context, { agentId }) =>
      outcome(context.useCases.agents.getAgent.execute({ projectId: projectOf(context), agentId }), (agent) =>
        output(`Agent ${agent.agent.name} (${agent.agent.id}).`, agentView(context.useCases.agents.conversationSupport)(agent)),
      ),
  }),
  tool({
    name: 'update_agent',
    title: 'Update an agent',
    description: "Change an agent's settings; only the fields given change (null clears a clearable field).",
    args: snakeCased(t.intersection([AgentId, UpdateAgentBody])),
    annotations: overwrites,
    access: 'project',
    run: async (context, body) => {
      const changes = toAgentChanges(body);
      if (E.isLeft(changes)) return changes;
      const input = { projectId: projectOf(context), agentId: body.agentId, changes: changes.right };
      return outcome(context.useCases.agents.updateAgent.execute(input), (agent) =>
        output(`Updated agent ${agent.agent.name} (${agent.agent.id}).`, agentView(context.useCases.agents.conversationSupport)(agent)),
      );
    },
  }),
  tool({
    name: 'delete_agent',
    title: 'Delete an agent',
    description:
      'DESTRUCTIVE: delete an agent for good. Its phone numbers are detached (kept, unassigned); its calls and ' +
      'conversations stay readable.',
    args: snakeCased(AgentId),
    annotations: destroys,
    access: 'project',
    run: (context, { agentId }) =>
      outcome(context.useCases.agents.deleteAgent.execute({ projectId: projectOf(context), agentId }), (agent) =>
        output(`Deleted agent ${agent.name} (${agent.id}).`, deletedAgentView(agent)),
      ),
  }),
  tool({
    name: 'attach_number',
    title: 'Attach a number to an agent',
    description: "Attach one of the account's phone numbers to an agent: its texts and calls go to that agent.",
    args: snakeCased(t.intersection([AgentId, AttachNumberBody])),
    annotations: overwrites,
    access: 'project',
    run: (context, { agentId, numberId }) =>
      outcome(context.useCases.agents.attachNumber.execute({ projectId: projectOf(context), agentId, numberId }), (number) =>
        output(`Attached ${number.phoneNumber} to agent ${agentId}.`, attachedNumberView(number)),
      ),
  }),
  tool({
    name: 'detach_number',
    title: 'Detach a number from an agent',
    description: 'Detach a phone number from the agent that holds it; the number stays in the account, unassigned.',
    args: snakeCased(t.intersection([AgentId, AttachNumberBody])),
    annotations: overwrites,
    access: 'project',
    run: (context, { agentId, numberId }) =>
      outcome(context.useCases.agents.detachNumber.execute({ projectId: projectOf(context), agentId, numberId }), () =>
        output(`Detached number ${numberId} from agent ${agentId}.`, { success: true, agentId, numberId }),
      ),
  }),
  tool({
    name: 'list_voices',
    title: 'List voices',
    description: 'The voices an agent (or one call) may speak with; use a voice `id` as `voice`.',
    args: none,
    annotations: readOnly,
    access: 'project',
    run: (context) =>
      outcome(context.useCases.agents.listVoices.execute(), (voices) =>
        output(`${voices.length} voices.`, { data: voices.map(voiceView) }),
      ),
  }),
];
