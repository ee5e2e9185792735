import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { migratedDataDirsRemovedAfterEach } from '../../support/temp-dirs.js';
import { createSwitchboard } from '../../../src/bootstrap/create-switchboard.js';
import { NO_LANGUAGE_MODEL } from '../../../src/bootstrap/language-model.js';
import { startServer } from '../../../src/bootstrap/server.js';
import { RecordingLogger } from '../rest/harness.js';

/** The lines of the standalone server's log over one start and stop, on `env`. */
const logOfAServe = async (env: Record<string, string>): Promise<string> => {
  const log = new PassThrough();
  let written = '';
  log.on('data', (chunk) => (written += chunk));
  const server = await startServer({ PORT: '0', LOG_LEVEL: 'warn', ...env }, { logTo: log });
  await server.stop();
  return written;
};

const timesSaid = (log: string) => log.split(NO_LANGUAGE_MODEL).length - 1;

/** The server's to say, once a start; a command (test/e2e/create-project-command.test.ts) or a host's core says nothing of it. */
describe('the warning that hosted mode has no language model', () => {
  const aDataDir = migratedDataDirsRemovedAfterEach('sb-model-warning-');

  it('names the fix: LLM_BASE_URL, with a local Ollama and other servers as examples', () => {
    expect(NO_LANGUAGE_MODEL).toContain('LLM_BASE_URL=http://127.0.0.1:11434/v1 LLM_MODEL=llama3.2');
    expect(NO_LANGUAGE_MODEL).toMatch(/llama\.cpp.*vLLM.*hosted one/);
  });

  it('is said once by serve without LLM_BASE_URL', async () => {
    const log = await logOfAServe({ DATA_DIR: await aDataDir() });
    expect(timesSaid(log), log).toBe(1);
  }, 60_000);

  it('is not said by serve with LLM_BASE_URL', async () => {
    const log = await logOfAServe({ DATA_DIR: await aDataDir(), LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llama3.2' });
    expect(log).not.toContain('no language model');
  }, 60_000);

  it('is not said by a core that a command or a host app starts', async () => {
    const logger = new RecordingLogger();
    const sut = createSwitchboard({ env: {}, storage: 'memory', logger });
    await sut.start();
    await sut.close();
    expect(logger.lines.filter((line) => line.fields.setting === 'LLM_BASE_URL')).toEqual([]);
  });
});
