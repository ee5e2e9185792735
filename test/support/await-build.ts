import { existsSync, readFileSync, watch } from 'node:fs';
import { basename, dirname } from 'node:path';

/**
 * Setup of every end-to-end file under `npm test`, which builds dist/ beside the first test files
 * (scripts/test.mjs): a file that runs the compiled CLI starts once the build has ended. The
 * signal file holds `built` or `failed`; without the variable (vitest run alone) the global setup
 * has built dist/ already and there is nothing to wait for.
 */
export const BUILD_SIGNAL = 'SWITCHBOARD_TEST_BUILD_SIGNAL';

const outcome = (file: string): string | null => (existsSync(file) ? readFileSync(file, 'utf8').trim() || null : null);

const ended = (file: string): Promise<string> =>
  new Promise((resolve) => {
    const done = outcome(file);
    if (done) return resolve(done);
    const watcher = watch(dirname(file), (_, name) => {
      const now = name === basename(file) ? outcome(file) : null;
      if (now) {
        watcher.close();
        resolve(now);
      }
    });
    // Written between the first look and the watch: look once more.
    const raced = outcome(file);
    if (raced) {
      watcher.close();
      resolve(raced);
    }
  });

const signal = process.env[BUILD_SIGNAL];
if (signal && (await ended(signal)) !== 'built') {
  throw new Error('dist/ was not built: the typecheck and build failed (their output follows the tests)');
}
