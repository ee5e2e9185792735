import type { AppError, FieldProblem } from '../../application/errors.js';

/** How a field a use case names (in its input's terms) is spelled in the request the client sent. */
export type FieldNaming = (field: string) => string;

const sameNames: FieldNaming = (field) => field;

const sentence = (details: readonly FieldProblem[]): string => details.map((d) => `${d.field} ${d.message}`).join('; ');

/**
 * The error with each of its `details` named as the client sent the field; its message, when it
 * is the sentence of its details, says the same names. Other errors are left as they are.
 */
export const namedAsSent = (error: AppError, naming: FieldNaming = sameNames): AppError => {
  if (error._tag !== 'Validation' || naming === sameNames) return error;
  const details = error.details.map((d) => ({ ...d, field: naming(d.field) }));
  const message = error.message === sentence(error.details) ? sentence(details) : error.message;
  return { ...error, message, details };
};

/**
 * A naming by a table of the input's paths and what the client sends for each: a field is
 * renamed by the longest entry it starts with (`fromNumber.numberId`, `schedule.defaultTimeZone`).
 */
export const namingByTable = (table: Readonly<Record<string, string>>): FieldNaming => {
  const entries = Object.entries(table).sort(([a], [b]) => b.length - a.length);
  return (field) => {
    const found = entries.find(([inner]) => field === inner || field.startsWith(`${inner}.`));
    return found ? found[1] + field.slice(found[0].length) : field;
  };
};
