import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { USAGE } from '../../src/bootstrap/cli-usage.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The docs run the CLI as `npx switchboard …` in the checkout: npx finds the package's own bin there. */
describe('npx switchboard, in the checkout', () => {
  it('runs the checkout\'s own command, asking no registry', async () => {
    // --no: fail rather than fetch a package of that name, which is not this one.
    const { stdout } = await promisify(execFile)('npx', ['--no', 'switchboard', 'help'], { cwd: ROOT, timeout: 240_000 });
    expect(stdout).toContain(USAGE.trimEnd());
  }, 300_000);
});
