import { ensureBuild } from '../../scripts/ensure-build.mjs';

/**
 * Vitest global setup: builds dist/ when src/ is newer, as `npm start` does. The tests that run
 * the CLI in a child process run that compiled code: starting it through tsx costs each child
 * seconds of CPU, and dozens of children start in a run.
 */
export default function setup(): void {
  ensureBuild();
}
