/**
 * Storage write benchmark (not a test): one agent created and then changed, each in a unit of
 * work of its own, written three ways in the same process and the same run, so their ratios say
 * what each costs on this machine:
 *
 * - `native`: the storage adapter's own upsert statement (`upsertRow`, prepared);
 * - `orm upsert`: MikroORM's `em.upsert` on the unit's transaction (what the agent repository uses);
 * - `flush`: MikroORM's unit of work, `em.persist` of a new entity, then `em.findOne`, a change and
 *   `em.flush`, on the same transaction.
 *
 * A flush runs inside an AsyncLocalStorage, and on Node 20 the first one switches promise hooks on
 * for the rest of the process: so `native` and `orm upsert` are measured again after the first
 * flush, the cost every other write and read of the process then pays.
 *
 *   npm run bench:storage-writes                          # embedded PGlite in a temporary directory
 *   DATABASE_URL=postgres://… npm run bench:storage-writes  # PostgreSQL instead, on a scratch database
 *   BENCH_UNITS=300 BENCH_ROUNDS=3 npm run bench:storage-writes
 *
 * What the run prints is recorded in bench/results/<date>-storage-writes.md when it ends.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { openDatabase, type Database } from '../src/adapters/mikro-orm/database.js';
import { AgentSchema, type AgentRow } from '../src/adapters/mikro-orm/entities/agent.js';
import { toAgentRow } from '../src/adapters/mikro-orm/mikro-orm-agent-repository.js';
import { inPgTransaction } from '../src/adapters/mikro-orm/native-select.js';
import { upsertRow } from '../src/adapters/mikro-orm/native-writes.js';
import { anAgent } from '../test/support/builders.js';
import { createScratchDatabase } from '../test/support/scratch-database.js';
import { recordRun } from './support/results.js';

const env = process.env;
const UNITS = Number(env.BENCH_UNITS ?? 150);
const ROUNDS = Number(env.BENCH_ROUNDS ?? 3);

type Write = (em: EntityManager, row: AgentRow, changed: AgentRow) => Promise<void>;

/** Each way: the create's unit of work, then the change's. */
const WAYS: Readonly<Record<string, Write>> = {
  native: async (em, row, changed) => {
    await inPgTransaction(em, (tx) => upsertRow(tx, AgentSchema, row), () => true);
    await inPgTransaction(em, (tx) => upsertRow(tx, AgentSchema, changed), () => true);
  },
  'orm upsert': async (em, row, changed) => {
    await inPgTransaction(em, (tx) => tx.upsert(AgentSchema, row), () => true);
    await inPgTransaction(em, (tx) => tx.upsert(AgentSchema, changed), () => true);
  },
  flush: async (em, row, changed) => {
    await inPgTransaction(em, (tx) => tx.persist(tx.create(AgentSchema, row)).flush(), () => true);
    await inPgTransaction(
      em,
      async (tx) => {
        const managed = await tx.findOneOrFail(AgentSchema, { id: row.id });
        tx.assign(managed, { name: changed.name, updatedAt: changed.updatedAt });
        await tx.flush();
      },
      () => true,
    );
  },
};

/** Wall and CPU time of one agent's create and change, averaged over UNITS agents, in µs. */
const measure = async (em: EntityManager, write: Write): Promise<{ wall: number; cpu: number }> => {
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for (let i = 0; i < UNITS; i++) {
    const row = toAgentRow(anAgent());
    await write(em, row, { ...row, name: `${row.name} again`, updatedAt: new Date() });
  }
  const used = process.cpuUsage(cpu);
  return { wall: Number(process.hrtime.bigint() - start) / 1000 / UNITS, cpu: (used.user + used.system) / UNITS };
};

const open = async (): Promise<{ database: Database; store: string; close: () => Promise<void> }> => {
  if (env.DATABASE_URL) {
    const scratch = await createScratchDatabase(env.DATABASE_URL, 'sb_bench');
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '.' });
    return { database, store: 'PostgreSQL', close: async () => (await database.close(), await scratch.drop()) };
  }
  const dir = await mkdtemp(join(tmpdir(), 'sb-bench-writes-'));
  const database = await openDatabase({ dataDir: dir });
  return { database, store: 'PGlite', close: async () => (await database.close(), await rm(dir, { recursive: true, force: true })) };
};

const recording = recordRun('storage-writes');
const { database, store, close } = await open();
const em = database.orm.em;
const line = (label: string, figure: { wall: number; cpu: number }, base: { wall: number; cpu: number }) =>
  console.log(
    `${label.padEnd(34)} ${figure.wall.toFixed(0).padStart(7)} µs wall ${figure.cpu.toFixed(0).padStart(7)} µs CPU   ×${(figure.wall / base.wall).toFixed(2)} wall ×${(figure.cpu / base.cpu).toFixed(2)} CPU of native before`,
  );
console.log(`${store}: one agent created and changed (two units of work), mean of ${UNITS}, ${ROUNDS} rounds; ratios to native before any flush\n`);
// A warm-up of each way but the flush, which would switch promise hooks on before the first figures.
for (let i = 0; i < 2; i++) {
  await measure(em, WAYS.native!);
  await measure(em, WAYS['orm upsert']!);
}
for (let round = 1; round <= ROUNDS; round++) {
  const native = await measure(em, WAYS.native!);
  line(`round ${round} native`, native, native);
  line(`round ${round} orm upsert`, await measure(em, WAYS['orm upsert']!), native);
}
const before = await measure(em, WAYS.native!);
line('native, the base of what follows', before, before);
console.log('\nafter the first flush (promise hooks on from here), ratios to that base:');
for (let round = 1; round <= ROUNDS; round++) {
  line(`round ${round} flush`, await measure(em, WAYS.flush!), before);
  line(`round ${round} native`, await measure(em, WAYS.native!), before);
  line(`round ${round} orm upsert`, await measure(em, WAYS['orm upsert']!), before);
}
await close();
await recording.save();
