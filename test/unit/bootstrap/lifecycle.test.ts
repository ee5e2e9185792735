import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import { Lifecycle } from '../../../src/bootstrap/composition/lifecycle.js';
import { createSwitchboard, TOKENS } from '../../../src/index.js';

/** A worker that writes what happens to it into a shared journal. */
const journaling = (journal: string[], name: string, options: { readonly startable?: boolean; readonly failStop?: boolean } = {}) => ({
  ...(options.startable === false ? {} : { start: () => void journal.push(`start ${name}`) }),
  stop: () => {
    journal.push(`stop ${name}`);
    if (options.failStop) throw new Error(`${name} would not stop`);
  },
});

describe(Lifecycle.name, () => {
  it('starts workers in the order they were registered and stops them in reverse', async () => {
    const journal: string[] = [];
    const sut = new Lifecycle();
    for (const name of ['storage', 'dispatcher', 'billing']) sut.manage(name, null, journaling(journal, name));

    await sut.start();
    await sut.stop();

    expect(journal).toEqual(['start storage', 'start dispatcher', 'start billing', 'stop billing', 'stop dispatcher', 'stop storage']);
    expect(sut.running()).toEqual([]);
  });

  it('counts a worker without start() as running from its registration, and stops only what runs', async () => {
    const journal: string[] = [];
    const sut = new Lifecycle();
    sut.manage('database', null, journaling(journal, 'database', { startable: false }));
    sut.manage('dispatcher', null, journaling(journal, 'dispatcher'));

    expect(sut.running()).toEqual(['database']);
    await sut.stop();

    expect(journal).toEqual(['stop database']);
  });

  it('stops the rest when one stop fails, then reports that failure', async () => {
    const journal: string[] = [];
    const sut = new Lifecycle();
    sut.manage('storage', null, journaling(journal, 'storage'));
    sut.manage('socket', null, journaling(journal, 'socket', { failStop: true }));
    await sut.start();

    await expect(sut.stop()).rejects.toThrow('socket would not stop');

    expect(journal.slice(2)).toEqual(['stop socket', 'stop storage']);
  });
});

describe('a Switchboard whose start fails', () => {
  it('stops every worker it had started, its hosts’ own included, and close() then has nothing left to stop', async () => {
    const journal: string[] = [];
    const sut = createSwitchboard({
      env: {},
      storage: 'memory',
      logger: silentLogger(),
      override: (rebind) => {
        // A host's own worker, registered with the same lifecycle as Switchboard's.
        rebind(TOKENS.voiceCatalog).toResolvedValue(
          (lifecycle) => lifecycle.manage('probe', { listVoices: async () => [] }, journaling(journal, 'probe')),
          [TOKENS.lifecycle],
        );
        // Built last (nothing asks for it), so it starts last.
        rebind(TOKENS.signUpSweeper).toResolvedValue(
          (lifecycle) =>
            lifecycle.manage('sweeper', null as never, {
              start: () => {
                throw new Error('no sweep today');
              },
              stop: () => void journal.push('stop sweeper'),
            }),
          [TOKENS.lifecycle],
        );
      },
    });

    await expect(sut.start()).rejects.toThrow('no sweep today');

    expect(journal).toEqual(['start probe', 'stop probe']);
    await sut.close();
    expect(journal).toEqual(['start probe', 'stop probe']);
  });
});
