// `npm run schemas`: writes the JSON Schema files the package ships from the codecs that check
// the same documents, so a change to a codec reaches editors' validation with one command.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scenarioJsonSchema } from '../src/bootstrap/testing/scenario-schema.js';

const file = fileURLToPath(new URL('../schemas/scenario.schema.json', import.meta.url));
writeFileSync(file, `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
process.stdout.write(`wrote ${file}\n`);
