import { expect, it } from 'vitest';
import type { UsageBreakdownRequest, UsageLine, UsageQuery } from '../../src/application/queries/usage-query.js';
import type { Repositories } from '../../src/application/ports/repositories.js';
import { completeCall, type Call } from '../../src/domain/call.js';
import { cents } from '../../src/domain/money.js';
import { aCall, aConversation, aLedgerEntry, aMessage, aNumber, aProject, anAgent } from '../support/builders.js';

const FROM = new Date('2026-03-01T00:00:00.000Z');
const TO = new Date('2026-04-01T00:00:00.000Z');
const IN = (day: number, hour = 12) => new Date(Date.UTC(2026, 2, day, hour));
const zero = { calls: 0, voiceMinutes: 0, textsIn: 0, textsOut: 0, chargesCents: 0 };

const ended = (call: Call, seconds: number): Call => {
  const done = completeCall(call, { now: IN(1), reason: 'caller_hangup', durationSeconds: seconds });
  if (done._tag === 'Left') throw new Error('not ended');
  return done.right;
};

/**
 * UsageQuery.breakdown, inside the usage query's suite: per number and per agent, in a window
 * (March 2026 in UTC), with `inTx` and the usage query of the suite's store.
 */
export const usageBreakdownCases = (inTx: <T>(work: (tx: Repositories) => Promise<T>) => Promise<T>, usage: () => UsageQuery): void => {
  const breakdown = (request: Omit<UsageBreakdownRequest, 'from' | 'to'>) => usage().breakdown({ from: FROM, to: TO, ...request });
  const byId = (lines: readonly UsageLine[]) => Object.fromEntries(lines.map((l) => [l.id, l]));

  /**
   * A project with two agents, `sales` with numbers `main` and `second` and `support` with
   * `spare`, then a second `spare` detached: calls, texts and charges on each, some outside March.
   */
  const aBusyProject = async () =>
    inTx(async (tx) => {
      const project = aProject();
      const [sales, support] = [anAgent({ projectId: project.id, name: 'Sales' }), anAgent({ projectId: project.id, name: 'Support' })];
      const main = aNumber({ projectId: project.id, agentId: sales.id });
      const second = aNumber({ projectId: project.id, agentId: sales.id });
      const spare = aNumber({ projectId: project.id, agentId: null });
      await tx.projects.save(project);
      for (const agent of [sales, support]) await tx.agents.save(agent);
      for (const number of [main, second, spare]) await tx.numbers.save(number);
      const onMain = aConversation(main);
      const onSecond = aConversation(second, { agentId: support.id });
      for (const conversation of [onMain, onSecond]) await tx.conversations.save(conversation);
      await tx.messages.save(aMessage(onMain, { direction: 'inbound', receivedAt: IN(2) }));
      await tx.messages.save(aMessage(onMain, { direction: 'outbound', receivedAt: IN(2, 13) }));
      await tx.messages.save(aMessage(onMain, { direction: 'outbound', receivedAt: IN(3) }));
      await tx.messages.save(aMessage(onMain, { direction: 'inbound', receivedAt: new Date('2026-02-28T23:59:59.000Z') }));
      await tx.messages.save(aMessage(onSecond, { direction: 'inbound', receivedAt: IN(4) }));
      const call = (numberId: string, agentId: string | null, startedAt: Date) => aCall({ projectId: project.id, phoneNumberId: numberId, agentId, startedAt });
      await tx.calls.save(ended(call(main.id, sales.id, IN(5)), 61));
      await tx.calls.save(ended(call(main.id, support.id, IN(6)), 30));
      await tx.calls.save(call(second.id, sales.id, IN(7)));
      await tx.calls.save(ended(call(main.id, sales.id, TO), 600));
      const rent = (resourceId: string | null, amount: number, createdAt: Date) =>
        tx.ledger.append(aLedgerEntry({ projectId: project.id, resourceId, amountCents: cents(amount), reason: 'number_renewal', createdAt }));
      await rent(main.id, -300, IN(1));
      await rent(spare.id, -300, IN(1, 13));
      await rent(second.id, -300, new Date('2026-02-01T00:00:00.000Z'));
      await rent(null, -45, IN(2));
      await rent(main.id, 500, IN(3));
      // Another project's activity on an id of this one's never counts.
      const other = aProject();
      await tx.projects.save(other);
      await tx.calls.save(aCall({ projectId: other.id, phoneNumberId: main.id, agentId: sales.id, startedAt: IN(5) }));
      return { project, sales, support, main, second, spare };
    });

  it('breaks usage down by number: its calls, minutes rounded up per call, texts in and out and its charges, in the window only, every number listed', async () => {
    const { project, sales, main, second, spare } = await aBusyProject();

    const lines = await breakdown({ projectId: project.id, by: 'number' });

    expect(lines.map((l) => l.id)).toEqual([main.id, second.id, spare.id].sort((a, b) => (a < b ? -1 : 1)));
    expect(byId(lines)).toEqual({
      [main.id]: { id: main.id, label: main.phoneNumber, agentId: sales.id, calls: 2, voiceMinutes: 3, textsIn: 1, textsOut: 2, chargesCents: 300 },
      [second.id]: { id: second.id, label: second.phoneNumber, agentId: sales.id, ...zero, calls: 1, textsIn: 1 },
      [spare.id]: { id: spare.id, label: spare.phoneNumber, agentId: null, ...zero, chargesCents: 300 },
    });
  });

  it("breaks usage down by agent: its calls, its conversations' texts, the charges of the numbers attached to it now", async () => {
    const { project, sales, support } = await aBusyProject();

    const lines = await breakdown({ projectId: project.id, by: 'agent' });

    expect(byId(lines)).toEqual({
      [sales.id]: { id: sales.id, label: 'Sales', agentId: sales.id, calls: 2, voiceMinutes: 2, textsIn: 1, textsOut: 2, chargesCents: 300 },
      [support.id]: { id: support.id, label: 'Support', agentId: support.id, ...zero, calls: 1, voiceMinutes: 1, textsIn: 1 },
    });
  });

  it('lists a project without numbers or agents as no lines, and one with an idle agent as zeros', async () => {
    const empty = aProject();
    const idle = aProject();
    const agent = anAgent({ projectId: idle.id, name: 'Idle' });
    await inTx(async (tx) => {
      await tx.projects.save(empty);
      await tx.projects.save(idle);
      await tx.agents.save(agent);
    });

    expect(await breakdown({ projectId: empty.id, by: 'number' })).toEqual([]);
    expect(await breakdown({ projectId: idle.id, by: 'agent' })).toEqual([{ id: agent.id, label: 'Idle', agentId: agent.id, ...zero }]);
  });
};
