import { readFileSync } from 'node:fs';
import type { Reporter, RunnerTask, RunnerTestFile } from 'vitest/node';

/** Tests of a task tree that were skipped. */
const skippedIn = (task: RunnerTask): number =>
  'tasks' in task ? task.tasks.reduce((sum, child) => sum + skippedIn(child), 0) : task.mode === 'skip' || task.result?.state === 'skip' ? 1 : 0;

export const noticeFor = (skipped: number, files: number): string =>
  `\nPostgreSQL tests were skipped (${skipped} in ${files} file${files === 1 ? '' : 's'}): TEST_DATABASE_URL is not set.\n` +
  'To run them too, point it at a PostgreSQL server where the tests may create and drop scratch databases, e.g.\n' +
  '  TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test\n';

/**
 * The suites that need a real PostgreSQL skip themselves without TEST_DATABASE_URL. This
 * reporter says so once, at the end of the run, with how to run them, instead of leaving
 * a count of skipped tests to explain itself.
 */
export default class PostgresNoticeReporter implements Reporter {
  onFinished(files: readonly RunnerTestFile[] = []): void {
    if (process.env.TEST_DATABASE_URL) return;
    const skipped = files
      .filter((file) => {
        try {
          return readFileSync(file.filepath, 'utf8').includes('TEST_DATABASE_URL');
        } catch {
          return false;
        }
      })
      .map(skippedIn)
      .filter((count) => count > 0);
    if (skipped.length === 0) return;
    process.stderr.write(noticeFor(skipped.reduce((a, b) => a + b, 0), skipped.length));
  }
}
