import { availableParallelism } from 'node:os';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

/**
 * Vitest leaves a core free by default: on two cores every file ran one after another. The tests
 * spend much of their time waiting (PostgreSQL, PGlite, sockets, child processes), so two forks on
 * two cores finish the suite well before one does.
 */
const workers = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  plugins: [swc.vite({ module: { type: 'es6' } })],
  test: {
    include: ['test/**/*.test.ts'],
    // The last says once, at the end, that PostgreSQL suites were skipped and how to run them.
    reporters: ['default', './test/support/postgres-notice-reporter.ts'],
    // The migrated PGlite the tests copy; then, when the run is over, that it left the checkout as it was.
    globalSetup: ['./test/support/checkout-unchanged.ts', './test/support/pglite-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: workers,
    minWorkers: workers,
  },
});
