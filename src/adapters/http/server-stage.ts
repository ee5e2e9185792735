import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { ScenarioStage, StageRefusal, StageSetup, StagedContact } from '../../application/ports/scenario-stage.js';
import { ResigningRelay } from './resigning-relay.js';
import { AnyAnswer, ServerApi, type ServerConnection } from './server-api.js';
import { ServerContact } from './server-contact.js';

/** The caller's number on a server's simulated carrier. */
const CALLER = '+14155550100';

const Made = t.type({ id: t.string });
const NumberItem = t.type({ id: t.string, agentId: t.union([t.string, t.null]) });
const Numbers = t.type({ data: t.array(NumberItem) });
const Started = t.type({ callId: t.string });

const refused = (message: string): E.Either<StageRefusal, never> => E.left({ _tag: 'StageRefused', message });

/**
 * Scenarios played on a running Switchboard over HTTP, as a client would: the agent is the
 * server's (by id) or made for the scenario, reached on its own number or one the run lends it
 * (a spare of the project's, or one bought once), the contact is placed through the REST API and
 * the simulated carrier's controls, and what was made is removed once the contact is over. The server must run on the simulated carrier; tool stubs, interruptions
 * and transfers need the in-process stage. A webhook agent's scenario `secret` is kept by
 * relaying the server's webhook requests through this machine (the server must reach it).
 */
export const createServerStage = (connection: ServerConnection): ScenarioStage => {
  const api = new ServerApi(connection);
  const relay = new ResigningRelay();
  /** A number of the project's that no agent holds: lent to each scenario's agent in turn, so a run buys at most one. */
  let spare: string | null = null;

  /** The number the agent is reached on, and how to take it back after the contact. */
  const numberFor = async (agentId: string): Promise<E.Either<string, { readonly id: string; readonly giveBack: () => Promise<unknown> }>> => {
    const listed = await api.call('GET', '/v1/numbers?limit=100', Numbers);
    if (E.isLeft(listed)) return listed;
    const own = listed.right.data.find((n) => n.agentId === agentId);
    if (own) return E.right({ id: own.id, giveBack: async () => undefined });
    spare ??= listed.right.data.find((n) => n.agentId === null)?.id ?? null;
    if (spare === null) {
      const bought = await api.call('POST', '/v1/numbers', NumberItem, {});
      if (E.isLeft(bought)) return bought;
      spare = bought.right.id;
    }
    const lent = spare;
    const attached = await api.call('POST', `/v1/agents/${agentId}/numbers`, AnyAnswer, { numberId: lent });
    if (E.isLeft(attached)) return attached;
    return E.right({ id: lent, giveBack: () => api.call('DELETE', `/v1/agents/${agentId}/numbers/${lent}`, AnyAnswer) });
  };

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
      made.push(() => api.call('DELETE', `/v1/agents/${agentId}`, AnyAnswer));
      const { webhook } = setup.agent;
      if (webhook) {
        // The server issues the secret: a scenario that names its own reaches its agent through the relay, signed with it.
        const url = webhook.secret === null ? webhook.url : await relay.route(webhook.url, webhook.secret);
        const saved = await api.call('POST', `/v1/agents/${agentId}/webhook`, AnyAnswer, { url, ...(webhook.timeoutSeconds ? { timeout: webhook.timeoutSeconds } : {}) });
        if (E.isLeft(saved)) return fail(`the agent's webhook could not be saved: ${saved.left}`);
      }
    }
    const number = await numberFor(agentId);
    if (E.isLeft(number)) return fail(`the agent could not be given a number: ${number.left}`);
    made.push(number.right.giveBack);
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
        const answered = await api.call('POST', `/playground/simulated/calls/${placed.right.id}/${setup.answeredByMachine ? 'answer-as-machine' : 'answer'}`, AnyAnswer);
        return E.isLeft(answered) ? fail(`the call could not be answered: ${answered.left}`) : E.right(new ServerContact(parts, placed.right.id));
      }
      case 'web_call':
        return fail('a web call needs the in-process stage: on a server, it is a browser\'s socket');
    }
  };

  return { open, close: () => relay.close() };
};
