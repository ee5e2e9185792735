import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * How a test starts the CLI in a child process: the compiled entry, which the global setup
 * (build-dist.ts) has brought up to date with src/.
 */
export const CLI_ENTRY: readonly string[] = [join(ROOT, 'dist/src/bootstrap/cli.js')];
