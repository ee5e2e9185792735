import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { parseAllDocuments } from 'yaml';
import type { ScenarioSource } from '../../application/testing/scenario.js';
import { ScenarioCodec } from '../../adapters/rest/codecs/scenarios.js';
import { reportProblems } from '../../adapters/rest/decode.js';

const EXTENSIONS = new Set(['.yaml', '.yml', '.json']);

/** Why one file (or one scenario in it) cannot be run: `where` names the file, and the scenario when it holds several. */
export interface ScenarioFileProblem {
  readonly file: string;
  readonly where: string;
  /** Each a field's path and what is wrong with it (`caller.script.2.press must be …`). */
  readonly problems: readonly string[];
}

/** Every scenario file named, folders searched for `.yaml`, `.yml` and `.json` files, in name order. */
export const expandScenarioPaths = async (paths: readonly string[]): Promise<string[]> => {
  const files: string[] = [];
  const walk = async (path: string): Promise<void> => {
    const info = await stat(path);
    if (!info.isDirectory()) {
      files.push(path);
      return;
    }
    const entries = (await readdir(path, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const inner = join(path, entry.name);
      if (entry.isDirectory()) await walk(inner);
      else if (EXTENSIONS.has(extname(entry.name))) files.push(inner);
    }
  };
  for (const path of paths) await walk(path);
  return files;
};

/** Scenarios in one document: one, or a list of them. */
const scenariosIn = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

type Env = Readonly<Record<string, string | undefined>>;

/** `${NAME}` in a file is the environment's NAME (a port, a secret CI holds); an unset one is a problem. */
const withEnvironment = (text: string, env: Env, missing: Set<string>): string =>
  text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
    const value = env[name];
    if (value === undefined) missing.add(name);
    return value ?? '';
  });

/** Decodes the scenarios of one file's text (YAML, of which JSON is a part). */
export const decodeScenarioText = (file: string, raw: string, env: Env = {}): E.Either<ScenarioFileProblem[], ScenarioSource[]> => {
  const missing = new Set<string>();
  const text = withEnvironment(raw, env, missing);
  if (missing.size > 0) return E.left([{ file, where: file, problems: [...missing].map((name) => `\${${name}} is not set in the environment`) }]);
  const documents = parseAllDocuments(text, { prettyErrors: true });
  const docs = Array.isArray(documents) ? documents : [documents];
  const problems: ScenarioFileProblem[] = [];
  const sources: ScenarioSource[] = [];
  const values: unknown[] = [];
  for (const doc of docs) {
    if (doc.errors.length > 0) {
      problems.push({ file, where: file, problems: doc.errors.map((e) => `${e.linePos ? `line ${e.linePos[0].line}, column ${e.linePos[0].col}: ` : ''}${e.message.split('\n')[0]}`) });
      continue;
    }
    values.push(...scenariosIn(doc.toJS()));
  }
  const several = values.length > 1;
  values.forEach((value, index) => {
    const where = several ? `${file} (scenario ${index + 1})` : file;
    const decoded = ScenarioCodec.decode(value);
    if (E.isRight(decoded)) sources.push({ scenario: decoded.right, file });
    else problems.push({ file, where, problems: reportProblems(decoded.left, 'body').map((p) => `${p.field === 'body' ? '(the scenario)' : p.field} ${p.message}`) });
  });
  if (values.length === 0 && problems.length === 0) problems.push({ file, where: file, problems: ['holds no scenario'] });
  return problems.length > 0 ? E.left(problems) : E.right(sources);
};

/**
 * Reads and decodes every scenario of `paths`. Any problem in any file is a Left with all of
 * them, so that nothing runs until every scenario decodes.
 */
export const loadScenarioFiles = async (paths: readonly string[], env: Env = process.env, cwd = process.cwd()): Promise<E.Either<ScenarioFileProblem[], ScenarioSource[]>> => {
  const problems: ScenarioFileProblem[] = [];
  const sources: ScenarioSource[] = [];
  let files: string[];
  try {
    files = await expandScenarioPaths(paths);
  } catch (error) {
    return E.left([{ file: String(paths), where: String(paths), problems: [(error as Error).message] }]);
  }
  for (const path of files) {
    const file = relative(cwd, path) || path;
    const decoded = decodeScenarioText(file, await readFile(path, 'utf8'), env);
    if (E.isLeft(decoded)) problems.push(...decoded.left);
    else sources.push(...decoded.right);
  }
  if (files.length === 0) problems.push({ file: paths.join(' '), where: paths.join(' '), problems: ['no scenario files (.yaml, .yml, .json) found'] });
  return problems.length > 0 ? E.left(problems) : E.right(sources);
};
