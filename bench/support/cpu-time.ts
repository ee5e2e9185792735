import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time spent, in microseconds: this process's, and that of every PostgreSQL process on the
 * machine (Linux's `/proc`; null elsewhere or when unreadable). A run's requests per second move
 * with whatever else the machine does; the CPU each request costs moves far less, and says which
 * side a change made cheaper.
 */
const processCpuMicros = (): number => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** Clock ticks per second of `/proc/<pid>/stat` (USER_HZ): 100 on every Linux that ships. */
const TICK_MICROS = 10_000;

/** utime + stime of a `/proc/.../stat` line, in microseconds. */
const statCpuMicros = (stat: string): number => {
  // After the command: state is field 3, utime and stime fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MICROS;
};

/**
 * CPU time of this process's main thread alone (its task under `/proc/self/task`, whose id is the
 * process's), in microseconds; null where unreadable. Worker threads and the garbage collector's
 * helper threads are not in it.
 */
const mainThreadCpuMicros = (): number | null => {
  try {
    return statCpuMicros(readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
};

/**
 * How long this process's main thread was ready to run but waited for a core (the scheduler's
 * `run_delay`, in `/proc/self/task/<pid>/schedstat`), in microseconds; null where unreadable.
 * On a machine whose cores other threads and processes share, a message that arrives while the
 * thread waits so is handled that much later, whatever the thread itself costs.
 */
const mainThreadWaitMicros = (): number | null => {
  try {
    const nanos = Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[1]);
    return Number.isFinite(nanos) ? nanos / 1000 : null;
  } catch {
    return null;
  }
};

const postgresCpuMicros = (): number | null => {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let micros = 0;
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== 'postgres') continue;
    micros += statCpuMicros(stat);
  }
  return micros;
};

/** What a CPU counter moved by, or null if either reading failed. */
const movedBy = (before: number | null, after: number | null): number | null => (before === null || after === null ? null : after - before);

/**
 * CPU of this process's main thread and of PostgreSQL over `work`, and how long the main thread
 * waited for a core meanwhile, in ms (null where unreadable).
 */
export const mainThreadCpuOver = async <A>(
  work: () => Promise<A>,
): Promise<{ readonly result: A; readonly mainThreadMs: number | null; readonly mainThreadWaitMs: number | null; readonly postgresMs: number | null }> => {
  const [main0, wait0, postgres0] = [mainThreadCpuMicros(), mainThreadWaitMicros(), postgresCpuMicros()];
  const result = await work();
  const ms = (micros: number | null) => (micros === null ? null : micros / 1000);
  return {
    result,
    mainThreadMs: ms(movedBy(main0, mainThreadCpuMicros())),
    mainThreadWaitMs: ms(movedBy(wait0, mainThreadWaitMicros())),
    postgresMs: ms(movedBy(postgres0, postgresCpuMicros())),
  };
};

/** CPU of this process and of PostgreSQL over `work`, per unit it reports having done. */
export const cpuPerUnit = async <A>(
  work: () => Promise<A>,
  units: (result: A) => number,
): Promise<{ readonly result: A; readonly processMicros: number; readonly postgresMicros: number | null }> => {
  const [process0, postgres0] = [processCpuMicros(), postgresCpuMicros()];
  const result = await work();
  const process1 = processCpuMicros();
  const postgres = movedBy(postgres0, postgresCpuMicros());
  const n = Math.max(1, units(result));
  return {
    result,
    processMicros: (process1 - process0) / n,
    postgresMicros: postgres === null ? null : postgres / n,
  };
};
