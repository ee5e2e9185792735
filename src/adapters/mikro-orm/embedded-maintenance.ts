import type { MikroORM } from '@mikro-orm/postgresql';
import { errorMessage, PeriodicTask } from '../../application/kernel/periodic-task.js';

/** How often the embedded database is vacuumed and analysed. */
export const EMBEDDED_MAINTENANCE_MS = 10 * 60 * 1000;

/**
 * PGlite runs PostgreSQL in single-user mode, without the autovacuum launcher: nothing would
 * reclaim the dead row versions updates leave behind (every text updates its thread, every
 * delivery its outbox row), nor refresh the planner's statistics as tables grow. So the process
 * that owns it does both itself: `VACUUM (ANALYZE)`, which visits only the pages changed since
 * the last pass. It holds the one connection while it runs, briefly at this interval.
 */
export const startEmbeddedMaintenance = (
  orm: MikroORM,
  onError: (message: string) => void,
  intervalMs: number = EMBEDDED_MAINTENANCE_MS,
): PeriodicTask => {
  const task = new PeriodicTask(
    () => orm.em.fork().execute('vacuum (analyze)'),
    (error) => onError(`embedded database maintenance failed: ${errorMessage(error)}`),
  );
  task.start(intervalMs, { runNow: false });
  return task;
};
