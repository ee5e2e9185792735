import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { JsonSchemaValidator } from '../../application/ports/json-schema-validator.js';

// ajv-formats is CommonJS: its default export arrives under `default` when imported from ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** Compiled schemas kept per schema text: an agent's tools are checked on every save. */
const CACHE_LIMIT = 500;

/**
 * Ajv 8 with the standard formats. `strict: false`: schemas written for other tools (OpenAI
 * function parameters often carry `description`s in odd places) are accepted as long as they
 * are valid JSON Schema; a schema that cannot compile is refused with Ajv's reason.
 */
export class AjvJsonSchemaValidator implements JsonSchemaValidator {
  private readonly ajv: Ajv;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor() {
    this.ajv = new Ajv({ strict: false, allErrors: false, validateSchema: true });
    addFormats(this.ajv);
  }

  schemaProblem(schema: unknown): string | null {
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return 'must be a JSON Schema object';
    try {
      this.compile(schema as Record<string, unknown>);
      return null;
    } catch (error) {
      return `is not a valid JSON Schema: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  valueProblem(schema: Readonly<Record<string, unknown>>, value: unknown): string | null {
    const validate = this.compile(schema);
    if (validate(value)) return null;
    return this.ajv.errorsText(validate.errors, { dataVar: 'answer' });
  }

  private compile(schema: Readonly<Record<string, unknown>>): ValidateFunction {
    const key = JSON.stringify(schema);
    const known = this.compiled.get(key);
    if (known) return known;
    // A top-level $id would register the schema under it: a second schema with the same id would then fail.
    const { $id: _ignored, ...anonymous } = schema;
    const validate = this.ajv.compile(anonymous);
    if (this.compiled.size >= CACHE_LIMIT) this.compiled.delete(this.compiled.keys().next().value!);
    this.compiled.set(key, validate);
    return validate;
  }
}
