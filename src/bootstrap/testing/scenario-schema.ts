import { jsonSchemaOf, DRAFT_2020_12 } from '../../adapters/json-schema/io-ts-json-schema.js';
import { ScenarioCodec } from '../../adapters/rest/codecs/scenarios.js';

/** The JSON Schema of scenario files, as `schemas/scenario.schema.json` holds it (editors validate YAML with it). */
export const scenarioJsonSchema = (): Record<string, unknown> => ({
  $schema: DRAFT_2020_12,
  $id: 'https://switchboard.dev/schemas/scenario.schema.json',
  ...jsonSchemaOf(ScenarioCodec),
});
