import { describe, expect, it } from 'vitest';
import type { Agent } from '../../src/domain/agent.js';
import { aNumber, anAgent, at, newId } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

/** One agent with its live numbers (AgentQuery), on every storage adapter. */
export const agentQueryContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} agent query`, () => {
    const { inTx, queries, read } = useStore(open);

    const aProjectOfAgents = async () => {
      const projectId = newId('prj');
      const [agent, other] = [1, 2].map((s) => anAgent({ projectId, createdAt: at(s) })) as [Agent, Agent];
      const second = aNumber({ projectId, agentId: agent.id, createdAt: at(2) });
      const first = aNumber({ projectId, agentId: agent.id, createdAt: at(1) });
      const others = aNumber({ projectId, agentId: other.id, createdAt: at(3) });
      const released = aNumber({ projectId, agentId: agent.id, status: 'released', createdAt: at(0), releasedAt: at(4) });
      await inTx(async (tx) => {
        for (const a of [other, agent]) await tx.agents.save(a);
        for (const number of [second, others, released, first]) await tx.numbers.save(number);
      });
      return { projectId, agent, other, first, second };
    };

    it('reads an agent with its live numbers, oldest first, and nothing of an id its project lacks', async () => {
      const { projectId, agent, other, first, second } = await aProjectOfAgents();

      const found = await read(async () => ({
        one: await queries().agent.withNumbers(projectId, agent.id),
        bare: await queries().agent.withNumbers(projectId, other.id).then((view) => view?.numbers.length),
        unknown: await queries().agent.withNumbers(projectId, newId('agt')),
        elsewhere: await queries().agent.withNumbers(newId('prj'), agent.id),
      }));

      expect(found).toEqual({ one: { agent, numbers: [first, second] }, bare: 1, unknown: null, elsewhere: null });
    });

    it('reads what was written since it last read, the same answer again while nothing was', async () => {
      const { projectId, agent, first, second } = await aProjectOfAgents();
      const view = () => read(() => queries().agent.withNumbers(projectId, agent.id));
      expect(await view()).toEqual(await view());

      const renamed = { ...agent, name: 'Renamed', updatedAt: at(9) };
      await inTx(async (tx) => {
        await tx.agents.save(renamed);
        await tx.numbers.save({ ...first, agentId: null });
      });

      expect(await view()).toEqual({ agent: renamed, numbers: [second] });
    });
  });
};
