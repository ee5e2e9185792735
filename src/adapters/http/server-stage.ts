import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { ScenarioStage, StageRefusal, StageSetup, StagedContact } from '../../application/ports/scenario-stage.js';
import { ServerApi, type ServerConnection } from './server-api.js';
import { ServerContact } from './server-contact.js';

/** The caller's number on a server's simulated carrier. */
const CALLER = '+14155550100';

const Made = t.type({ id: t.string });
const Bought = t.type({ id: t.string, phoneNumber: t.string });
const Started = t.type({ callId: t.string });
const Anything = t.unknown;

const refused = (message: string): E.Either<StageRefusal, never> => E.left({ _tag: 'StageRefused', message });

/**
 * Scenarios played on a running Switchboard over HTTP, as a client would: the agent is the
 * server's (by id) or made for the scenario, a number is bought for it, the contact is placed
 * through the REST API and the simulated carrier's controls, and what was made is removed once
 * the contact is over. The server must run on the simulated carrier; tool stubs, interruptions
 * and transfers need the in-process stage.
 */
export const createServerStage = (connection: ServerConnection): ScenarioStage => {
  const api = new ServerApi(connection);

  const open = async (setup: StageSetup): Promise<E.Either<StageRefusal, StagedContact>> => {
    if (Object.keys(setup.tools).length > 0) return refused("tool stubs need the in-process stage: on a server, the agent's tools are its own");
    const made: (() => Promise<unknown>)[] = [];
    const cleanUp = async () => {
      for (const undo of made.reverse()) await undo();
    };
    const fail = async (message: string) => {
      await cleanUp();
      return refused(message);
    };
    let agentId: string;
    if (setup.agent.kind === 'existing') agentId = setup.agent.id;
    else {
      const agent = await api.call('POST', '/v1/agents', Made, setup.agent.definition);
      if (E.isLeft(agent)) return fail(`the agent could not be made: ${agent.left}`);
      agentId = agent.right.id;
      made.push(() => api.call('DELETE', `/v1/agents/${agentId}`, Anything));
      const { webhook } = setup.agent;
      if (webhook) {
        const saved = await api.call('POST', `/v1/agents/${agentId}/webhook`, Anything, { url: webhook.url, ...(webhook.timeoutSeconds ? { timeout: webhook.timeoutSeconds } : {}) });
        if (E.isLeft(saved)) return fail(`the agent's webhook could not be saved: ${saved.left}`);
      }
    }
    const number = await api.call('POST', '/v1/numbers', Bought, { agentId });
    if (E.isLeft(number)) return fail(`the agent's number could not be bought: ${number.left}`);
    made.push(() => api.call('DELETE', `/v1/numbers/${number.right.id}`, Anything));
    const parts = { api, numberId: number.right.id, caller: CALLER, stepTimeoutMs: setup.stepTimeoutMs, cleanUp };
    switch (setup.contact) {
      case 'inbound_text':
        return E.right(new ServerContact(parts, null));
      case 'inbound_call': {
        const call = await api.call('POST', '/playground/simulated/calls', Started, { numberId: number.right.id, from: CALLER });
        return E.isLeft(call) ? fail(`the call could not start: ${call.left}`) : E.right(new ServerContact(parts, call.right.callId));
      }
      case 'outbound_call': {
        const placed = await api.call('POST', '/v1/calls', Made, { agentId, toNumber: CALLER, fromNumberId: number.right.id, variables: setup.variables });
        if (E.isLeft(placed)) return fail(`the call could not be placed: ${placed.left}`);
        const answered = await api.call('POST', `/playground/simulated/calls/${placed.right.id}/${setup.answeredByMachine ? 'answer-as-machine' : 'answer'}`, Anything);
        return E.isLeft(answered) ? fail(`the call could not be answered: ${answered.left}`) : E.right(new ServerContact(parts, placed.right.id));
      }
      case 'web_call':
        return fail('a web call needs the in-process stage: on a server, it is a browser\'s socket');
    }
  };

  return { open, close: async () => undefined };
};
