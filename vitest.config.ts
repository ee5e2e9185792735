import { availableParallelism } from 'node:os';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

/**
 * Vitest leaves a core free by default: on two cores every file ran one after another. The tests
 * spend much of their time waiting (PostgreSQL, PGlite, sockets, child processes), so two workers
 * a pool on two cores finish the suite well before one does.
 */
const workers = Math.max(2, availableParallelism() - 1);

/**
 * Every file shares its worker's loaded modules with the worker's next files (`isolate: false`):
 * loading the application afresh for each of two hundred files was most of a run's CPU. Files
 * build what they test from scratch, so nothing one leaves in a module changes another's outcome.
 * Unit, contract and integration files run in forks; the end-to-end files, which mostly wait on
 * the CLI and host apps in child processes, run beside them in threads, which share their loaded
 * modules the same way. The CLI those start is
 * the compiled one: `npm test` builds it beside the first test files, each e2e file waiting for the
 * build, and the e2e project's global setup builds it when src/ is newer, so a run of unit or
 * integration files alone never waits for it.
 */
export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' } })],
  test: {
    // The last says once, at the end, that PostgreSQL suites were skipped and how to run them.
    reporters: ['default', './test/support/postgres-notice-reporter.ts'],
    // The migrated PGlite the tests copy; then, when the run is over, that it left the checkout as it was.
    globalSetup: ['./test/support/checkout-unchanged.ts', './test/support/pglite-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: workers,
    minWorkers: workers,
    poolOptions: { forks: { isolate: false }, threads: { isolate: false } },
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], pool: 'forks' } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/contracts/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/fuzz/**/*.test.ts'],
          pool: 'forks',
        },
      },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], pool: 'threads', globalSetup: ['./test/support/build-dist.ts'], setupFiles: ['./test/support/await-build.ts'] } },
    ],
  },
});
