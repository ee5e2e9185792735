import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../../../src/adapters/system/fixed-clock.js';
import { RecentHealth } from '../../../../src/application/kernel/recent-health.js';

/** A probe the test answers by hand, counting how often it was asked. */
const aProbe = () => {
  let probes = 0;
  let answer: (ok: boolean) => void = () => undefined;
  const probe = () => {
    probes++;
    return new Promise<void>((resolve, reject) => (answer = (ok) => (ok ? resolve() : reject(new Error('store down')))));
  };
  return { probe, probes: () => probes, answer: (ok: boolean) => answer(ok) };
};

describe('RecentHealth', () => {
  it('probes once for many concurrent checks, then answers from that probe until it is a second old', async () => {
    const clock = new FixedClock();
    const { probe, probes, answer } = aProbe();
    const sut = new RecentHealth({ probe, clock, freshForMs: 1000 });

    const checks = Array.from({ length: 100 }, () => sut.healthy());
    answer(true);
    expect(await Promise.all(checks)).toEqual(Array(100).fill(true));
    clock.advance(999);
    for (let i = 0; i < 100; i++) expect(await sut.healthy()).toBe(true);
    expect(probes()).toBe(1);

    clock.advance(1);
    const next = sut.healthy();
    answer(false);
    expect(await next).toBe(false);
    expect(await sut.healthy()).toBe(false);
    expect(probes()).toBe(2);
  });

  it('turns healthy again with the first probe after a failed one has aged', async () => {
    const clock = new FixedClock();
    const { probe, answer } = aProbe();
    const sut = new RecentHealth({ probe, clock, freshForMs: 1000 });
    const failed = sut.healthy();
    answer(false);
    await failed;

    clock.advance(1000);
    const recovered = sut.healthy();
    answer(true);

    expect(await recovered).toBe(true);
  });
});
