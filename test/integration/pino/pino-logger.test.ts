import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPinoLogger } from '../../../src/adapters/pino/pino-logger.js';

describe('the default (asynchronous) pino logger', () => {
  let dir: string | null = null;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('has every line written once flushed, secrets redacted', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-log-'));
    const file = join(dir, 'log');
    const logger = createPinoLogger({ level: 'info', file, pretty: false });

    for (let i = 0; i < 1000; i++) logger.child({ requestId: `req_${i}` }).info({ i, authorization: 'Bearer sk_live_secret' }, 'request');
    await logger.flush();

    const lines = (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    expect(lines).toHaveLength(1000);
    expect(lines[999]).toMatchObject({ i: 999, requestId: 'req_999', authorization: '[redacted]', msg: 'request' });
  });

  it('writes every line whole, whatever its characters (lines go out as bytes)', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-log-'));
    const file = join(dir, 'log');
    const logger = createPinoLogger({ level: 'info', file, pretty: false });
    const texts = ['plain', 'café crème', 'Grüße aus Zürich', '电话代理', 'call me 📞 back', 'line\nbreak'];

    for (let i = 0; i < 600; i++) logger.info({ i, said: texts[i % texts.length] }, texts[(i + 1) % texts.length]);
    await logger.flush();

    const lines = (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    expect(lines).toHaveLength(600);
    expect(lines.map((line) => [line.i, line.said, line.msg])).toEqual(
      Array.from({ length: 600 }, (_, i) => [i, texts[i % texts.length], texts[(i + 1) % texts.length]]),
    );
  });

  it('has the lines logged just before the process exits written, as the server logs them (to its stdout)', () => {
    const logger = resolve('src/adapters/pino/pino-logger.ts');
    const script = `
      const { createPinoLogger } = await import(${JSON.stringify(logger)});
      const logger = createPinoLogger({ level: 'info', file: 1, pretty: false });
      for (let i = 0; i < 2000; i++) logger.info({ i, said: 'last words, café 📞' }, 'exiting');
      process.exit(3);`;

    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });

    expect(run.status).toBe(3);
    const lines = run.stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((line) => line.i)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
    expect(lines.every((line) => line.said === 'last words, café 📞')).toBe(true);
  });

  it('censors secrets one object down, in child bindings and on errors, and nowhere else', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-log-'));
    const file = join(dir, 'log');
    const logger = createPinoLogger({ level: 'info', file, pretty: false });

    logger.child({ apiKey: 'sk_child' }).info({ headers: { authorization: 'Bearer sk_nested', accept: 'json' } }, 'nested');
    logger.error({ err: Object.assign(new TypeError('boom'), { password: 'hunter2' }) }, 'failed');
    await logger.flush();

    const [nested, failed] = (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    expect(nested).toMatchObject({ apiKey: '[redacted]', headers: { authorization: '[redacted]', accept: 'json' }, msg: 'nested', service: 'switchboard' });
    expect(failed.err).toMatchObject({ type: 'TypeError', message: 'boom', password: '[redacted]' });
    expect(failed.err.stack).toContain('TypeError: boom');
    expect(JSON.stringify([nested, failed])).not.toMatch(/sk_child|sk_nested|hunter2/);
  });
});
