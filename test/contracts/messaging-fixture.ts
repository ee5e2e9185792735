import type { Repositories } from '../../src/application/ports/repositories.js';
import type { Agent } from '../../src/domain/agent.js';
import type { PhoneNumber } from '../../src/domain/phone-number.js';
import { aNumber, anAgent, newId } from '../support/builders.js';

/** A moment `ms` after the start of 2026: the messaging suites' clock. */
export const at = (ms: number): Date => new Date(Date.UTC(2026, 0, 1) + ms);

/** A project with one agent and one live number attached to it, as rows the messaging tables refer to. */
export interface MessagingFixture {
  readonly projectId: string;
  readonly agent: Agent;
  readonly number: PhoneNumber;
}

/** Stores a new {@link MessagingFixture} through the suite's `inTx`. */
export const aMessagingFixture = (inTx: <A>(work: (tx: Repositories) => Promise<A>) => Promise<A>): Promise<MessagingFixture> =>
  inTx(async (tx) => {
    const projectId = newId('prj');
    const agent = anAgent({ projectId, name: 'Texter' });
    const number = aNumber({ projectId, agentId: agent.id });
    await tx.agents.save(agent);
    await tx.numbers.save(number);
    return { projectId, agent, number };
  });
