import { describe, expect, it } from 'vitest';
import { inMemoryCalls } from '../../../../src/adapters/memory/in-memory-call-repositories.js';
import { InMemoryTables } from '../../../../src/adapters/memory/in-memory-tables.js';
import { aCall } from '../../../support/builders.js';

/**
 * The in-memory store finds a call by its carrier's id and counts a project's live calls from
 * indexes rather than a scan of every call: they must follow every write, and every rollback.
 */
describe('the in-memory calls, found by carrier id and counted live through indexes', () => {
  const setUp = () => {
    const tables = new InMemoryTables();
    return { tables, calls: inMemoryCalls(tables) };
  };

  it('follows a call whose carrier id and status change, and forgets one deleted', async () => {
    const { tables, calls } = setUp();
    const call = aCall({ providerCallId: 'CA-first' });
    const other = aCall({ projectId: call.projectId, providerCallId: 'CA-other' });
    await calls.save(call);
    await calls.save(other);

    await calls.save({ ...call, providerCallId: 'CA-second' });
    await calls.save({ ...other, status: 'completed' });

    expect(await calls.findByProviderCallId('CA-first')).toBeNull();
    expect((await calls.findByProviderCallId('CA-second'))?.id).toBe(call.id);
    expect(await calls.countLive(call.projectId)).toBe(1);

    tables.calls.delete(call.id);

    expect(await calls.findByProviderCallId('CA-second')).toBeNull();
    expect(await calls.countLive(call.projectId)).toBe(0);
  });

  it('puts the indexes back with the rows when a unit of work rolls back', async () => {
    const { tables, calls } = setUp();
    const kept = aCall({ providerCallId: 'CA-kept' });
    await calls.save(kept);

    const work = tables.begin();
    await calls.save(aCall({ projectId: kept.projectId, providerCallId: 'CA-new' }));
    await calls.save({ ...kept, providerCallId: 'CA-renamed', status: 'completed' });
    tables.calls.clear();
    work.rollback();

    expect((await calls.findByProviderCallId('CA-kept'))?.id).toBe(kept.id);
    expect(await calls.findByProviderCallId('CA-new')).toBeNull();
    expect(await calls.findByProviderCallId('CA-renamed')).toBeNull();
    expect(await calls.countLive(kept.projectId)).toBe(1);
    expect([...tables.calls.values()]).toEqual([kept]);
  });

  it('counts each project\'s live calls apart', async () => {
    const { calls } = setUp();
    const first = aCall();
    const second = aCall();
    await calls.save(first);
    await calls.save(aCall({ projectId: first.projectId }));
    await calls.save(second);

    expect([await calls.countLive(first.projectId), await calls.countLive(second.projectId), await calls.countLive('prj_none')]).toEqual([2, 1, 0]);
  });
});
