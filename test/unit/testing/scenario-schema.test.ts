import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from '../../../src/adapters/ajv/ajv-json-schema-validator.js';
import { openApiDocumentFor } from '../../../src/bootstrap/composition/api-reference.js';
import { scenarioJsonSchema } from '../../../src/bootstrap/testing/scenario-schema.js';
import { decodeScenarioText } from '../../../src/bootstrap/testing/scenario-files.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SUITE = `${ROOT}examples/webhook-agent/scenarios/front-desk.yaml`;
const ENV = { AGENT_PORT: '4000', WEBHOOK_SECRET: 'whsec_x' };
/** The schema without its `$schema` line: the repository's Ajv is the draft-07 one, and reads 2020-12's keywords it uses without it. */
const checkable = () => {
  const { $schema: _draft, ...schema } = scenarioJsonSchema();
  return schema;
};

describe('the scenario format\'s JSON Schema', () => {
  it('is the file the package ships, and a usable schema', () => {
    const published = JSON.parse(readFileSync(`${ROOT}schemas/scenario.schema.json`, 'utf8'));
    expect(published, 'schemas/scenario.schema.json is older than the codec: run npm run schemas').toEqual(scenarioJsonSchema());
    expect(published.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(new AjvJsonSchemaValidator().schemaProblem(checkable())).toBeNull();
  });

  it('is in the OpenAPI document\'s components', () => {
    const { $schema: _s, $id: _i, ...schema } = scenarioJsonSchema();
    expect(openApiDocumentFor('http://127.0.0.1:3000').components.schemas.Scenario).toEqual(schema);
  });

  it('accepts the scenarios the codec accepts (the example suite), and refuses what it refuses', () => {
    const schemas = new AjvJsonSchemaValidator();
    const text = readFileSync(SUITE, 'utf8').replace(/\$\{(\w+)\}/g, (_, name: string) => ENV[name as keyof typeof ENV]);
    const scenarios = parseAllDocuments(text)[0]!.toJS() as unknown[];
    for (const scenario of scenarios) expect(schemas.valueProblem(checkable(), scenario)).toBeNull();
    const bad = { ...(scenarios[0] as object), expect: [{ said: 'x', judged: 'y' }] };
    expect(schemas.valueProblem(checkable(), bad)).not.toBeNull();
  });
});

describe(decodeScenarioText.name, () => {
  it('names the file, the scenario and the field of every problem', () => {
    const text = '- name: a\n  agent: { name: A }\n  caller: { script: [ { silence: -1 } ] }\n  expect: [ { said: x } ]\n- name: b\n  agent: { name: B }\n  caller: { simulated: { persona: p } }\n  expect: [ { turns: {} } ]\n';
    const decoded = decodeScenarioText('suite.yaml', text);
    expect(decoded).toEqual({
      _tag: 'Left',
      left: [
        { file: 'suite.yaml', where: 'suite.yaml (scenario 1)', problems: ['caller.script.0.silence must be a number from 0 to 3600'] },
        { file: 'suite.yaml', where: 'suite.yaml (scenario 2)', problems: ['caller.simulated.goal field required', 'expect.0.turns expected {min, max} turns'] },
      ],
    });
  });

  it('says where YAML does not parse, and which ${NAME} the environment lacks', () => {
    expect(decodeScenarioText('x.yaml', 'name: [unclosed\n')).toMatchObject({ _tag: 'Left', left: [{ file: 'x.yaml', problems: [expect.stringMatching(/^line \d+, column \d+: /)] }] });
    expect(decodeScenarioText('x.yaml', 'name: ${NOPE}\n', {})).toEqual({ _tag: 'Left', left: [{ file: 'x.yaml', where: 'x.yaml', problems: ['${NOPE} is not set in the environment'] }] });
  });
});
