import { describe, expect, it } from 'vitest';
import { createSwitchboard } from '../../../src/bootstrap/create-switchboard.js';
import { NO_LANGUAGE_MODEL } from '../../../src/bootstrap/language-model.js';
import { RecordingLogger } from '../../integration/rest/harness.js';

const startWith = async (env: Record<string, string>) => {
  const logger = new RecordingLogger();
  const sut = createSwitchboard({ env, storage: 'memory', logger });
  await sut.start();
  await sut.close();
  return logger.lines.filter((line) => line.fields.setting === 'LLM_BASE_URL');
};

describe('start-up without a language model', () => {
  it('says once that hosted agents will only apologise, and how to give them a model', async () => {
    const said = await startWith({});

    expect(said).toEqual([{ level: 'warn', fields: { setting: 'LLM_BASE_URL' }, message: NO_LANGUAGE_MODEL }]);
    expect(NO_LANGUAGE_MODEL).toContain('LLM_BASE_URL=http://127.0.0.1:11434/v1');
    expect(NO_LANGUAGE_MODEL).toMatch(/llama\.cpp.*vLLM.*hosted one/);
  });

  it('says nothing of the kind when LLM_BASE_URL names a server', async () => {
    expect(await startWith({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llama3.2' })).toEqual([]);
  });
});
