import { writeFile } from 'node:fs/promises';
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { stringify } from 'yaml';
import { ServerApi } from '../../adapters/http/server-api.js';
import { ScenarioCodec } from '../../adapters/rest/codecs/scenarios.js';

export interface RecordOptions {
  readonly callId: string;
  readonly baseUrl: string;
  readonly apiKey: string;
  /** A file to write; null: the scenario goes to `out`. */
  readonly file: string | null;
}

/**
 * `switchboard test record --call <id>`: asks the server for the ended call as a scenario
 * (`POST /v1/calls/{id}/scenario`) and writes it as YAML, ready for `switchboard test --url`.
 */
export const recordScenario = async (options: RecordOptions, out: (text: string) => void): Promise<void> => {
  const api = new ServerApi({ baseUrl: options.baseUrl, apiKey: options.apiKey });
  const answered = await api.call('POST', `/v1/calls/${encodeURIComponent(options.callId)}/scenario`, t.UnknownRecord);
  if (E.isLeft(answered)) throw new Error(answered.left);
  // What the server answered must be a scenario this runner can play back.
  if (E.isLeft(ScenarioCodec.decode(answered.right))) throw new Error(`the server answered a scenario this runner does not read; is it another version of Switchboard?`);
  const yaml = `# Recorded from call ${options.callId} on ${options.baseUrl}: run it with switchboard test --url.\n${stringify(answered.right)}`;
  if (options.file === null) out(yaml);
  else {
    await writeFile(options.file, yaml);
    out(`wrote ${options.file}\n`);
  }
};
