import { ensureBuild } from '../../scripts/ensure-build.mjs';
import { BUILD_SIGNAL } from './await-build.js';

/**
 * Vitest global setup: builds dist/ when src/ is newer, as `npm start` does. The tests that run
 * the CLI in a child process run that compiled code: starting it through tsx costs each child
 * seconds of CPU, and dozens of children start in a run. Under `npm test` the build runs beside
 * the tests instead, and each end-to-end file waits for it (see await-build.ts).
 */
export default function setup(): void {
  if (!process.env[BUILD_SIGNAL]) ensureBuild();
}
