import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/**
 * With BENCH_PROFILE=<directory>, `work` is also sampled by V8's CPU profiler (this thread only),
 * written as <label>.cpuprofile (open it in Chrome's DevTools). The profiler costs a little CPU of
 * its own, so figures of a profiled run are not compared with others. Without it, `work` alone.
 */
export const profiled = async <A>(label: string, work: () => Promise<A>): Promise<A> => {
  const directory = process.env.BENCH_PROFILE;
  if (!directory) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    const name = `${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.cpuprofile`;
    await writeFile(join(directory, name), JSON.stringify(profile));
    session.disconnect();
  }
};

/**
 * With BENCH_PROFILE=<directory>, starts V8's CPU profiler on this thread and returns what stops
 * it and writes <label>.cpuprofile: for work that begins and ends on messages rather than inside
 * one function. Without it, a stop that does nothing.
 */
export const startProfile = async (label: string): Promise<() => Promise<void>> => {
  const directory = process.env.BENCH_PROFILE;
  if (!directory) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    const name = `${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.cpuprofile`;
    await writeFile(join(directory, name), JSON.stringify(profile));
    session.disconnect();
  };
};
