import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordRun, resultFile, saveRun, settingsOf, type BenchRun } from '../../../bench/support/results.js';

const aBenchRun = (overrides: Partial<BenchRun> = {}): BenchRun => ({
  bench: 'rest',
  startedAt: new Date('2026-11-29T05:47:01.000Z'),
  command: 'npm run bench:rest',
  settings: ['BENCH_SECONDS=5'],
  code: '`a8fd9a9`',
  machine: '2 × some CPU, load average 0.50 0.40 0.30 at the start; Node v20.20.0',
  output: '  GET /health   48000   1.0   2.0   55.00%\n',
  ...overrides,
});

describe('bench result files', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bench-results-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps a run in its bench and UTC day\'s file: a title, its time, settings, code, machine and what it printed', async () => {
    const file = await saveRun(dir, aBenchRun());
    expect(file).toBe(join(dir, '2026-11-29-rest.md'));
    const text = await readFile(file, 'utf8');
    expect(text.startsWith('# rest, 2026-11-29\n')).toBe(true);
    expect(text).toContain('## 05:47:01 UTC');
    expect(text).toContain('- command: `npm run bench:rest`');
    expect(text).toContain('- settings: `BENCH_SECONDS=5`');
    expect(text).toContain('- code: `a8fd9a9`');
    expect(text).toContain('```text\n  GET /health   48000   1.0   2.0   55.00%\n```\n');
  });

  it('appends a later run of the same day under its own time, and starts a new file on another day', async () => {
    await saveRun(dir, aBenchRun());
    await saveRun(dir, aBenchRun({ startedAt: new Date('2026-11-29T23:59:59.000Z'), output: 'second' }));
    await saveRun(dir, aBenchRun({ startedAt: new Date('2026-11-30T00:00:00.000Z'), output: 'third' }));
    expect((await readdir(dir)).sort()).toEqual(['2026-11-29-rest.md', '2026-11-30-rest.md']);
    const first = await readFile(resultFile(dir, 'rest', new Date('2026-11-29T12:00:00Z')), 'utf8');
    expect(first.match(/^# /gm)).toHaveLength(1);
    expect(first.indexOf('## 05:47:01 UTC')).toBeLessThan(first.indexOf('## 23:59:59 UTC'));
    expect(first).toContain('second');
    expect(first).not.toContain('third');
  });

  it('fences output that itself holds backticks with a longer fence', async () => {
    const text = await readFile(await saveRun(dir, aBenchRun({ output: 'a ``` b' })), 'utf8');
    expect(text).toContain('````text\na ``` b\n````\n');
  });

  it('names the settings a run was given, and a database only by its presence', () => {
    const settings = settingsOf({ BENCH_ONLY: 'agents', TESTS_BENCH_CONCURRENCY: '1', DATABASE_URL: 'postgres://user:secret@db/x', LOG_LEVEL: 'info', HOME: '/root', BENCH_RESULTS_DIR: '/tmp/x' });
    expect(settings).toEqual(['BENCH_ONLY=agents', 'LOG_LEVEL=info', 'TESTS_BENCH_CONCURRENCY=1', 'DATABASE_URL set (PostgreSQL)']);
    expect(settings.join(' ')).not.toContain('secret');
  });

  it('records what the bench printed to stdout, and stops recording when saved', async () => {
    const recording = recordRun('voice', { BENCH_RESULTS_DIR: dir, BENCH_CALLS: '2000' });
    process.stdout.write('calls   overhead p99\n');
    process.stdout.write(Buffer.from('2000    0.30 ms\n'));
    const file = await recording.save();
    process.stdout.write('after the run\n');
    const text = await readFile(file, 'utf8');
    expect(file.endsWith('-voice.md')).toBe(true);
    expect(text).toContain('```text\ncalls   overhead p99\n2000    0.30 ms\n```');
    expect(text).toContain('`BENCH_CALLS=2000`');
    expect(text).not.toContain('after the run');
  });
});
