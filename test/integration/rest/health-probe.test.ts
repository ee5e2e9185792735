import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import { createSwitchboard, type Switchboard } from '../../../src/bootstrap/create-switchboard.js';
import { RecordingLogger } from './harness.js';

/** The in-memory store, counting its health probes. */
class CountingPings extends InMemoryUnitOfWork {
  pings = 0;
  override async ping(): Promise<void> {
    this.pings++;
    return super.ping();
  }
}

describe('GET /health on a composed Switchboard', () => {
  let switchboard: Switchboard | null = null;
  afterEach(async () => {
    await switchboard?.close();
  });

  it('probes the store at most once a second, however many checks arrive', async () => {
    const store = new CountingPings();
    const clock = new FixedClock();
    switchboard = createSwitchboard({ env: {}, unitOfWork: store, clock, logger: new RecordingLogger() });
    await switchboard.start();
    const sb = switchboard;
    const check = async () => (await sb.fetch(new Request('http://switchboard.test/health'))).status;
    const before = store.pings;

    const burst = await Promise.all(Array.from({ length: 50 }, check));
    for (let i = 0; i < 50; i++) await check();
    clock.advance(999);
    await check();
    const withinTheSecond = store.pings - before;
    clock.advance(1);
    await check();

    expect(burst).toEqual(Array(50).fill(200));
    expect(withinTheSecond).toBe(1);
    expect(store.pings - before).toBe(2);
  });
});
