/** Structured logging as the core uses it (pino's shape). Secrets never go in `fields`. */
export interface Logger {
  debug(fields: object, message?: string): void;
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
  child(bindings: Record<string, unknown>): Logger;
}
