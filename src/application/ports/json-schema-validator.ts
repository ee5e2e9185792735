/** JSON Schema (draft 2020-12 and earlier drafts' common keywords), compiled and applied. */
export interface JsonSchemaValidator {
  /** Why `schema` is not a usable JSON Schema, or null when it is. */
  schemaProblem(schema: unknown): string | null;
  /** Why `value` does not satisfy `schema` (a usable one), or null when it does. */
  valueProblem(schema: Readonly<Record<string, unknown>>, value: unknown): string | null;
}
