import type { Logger } from '../ports/logger.js';

/**
 * `logger.child(bindings)`, made on its first use. For what is made on a hot path and seldom
 * logs (a request, a hosted call's turn): a pino child checks and serialises its bindings when
 * made, garbage each time, mostly for nothing.
 */
export const lazyChildLogger = (logger: Logger, bindings: Record<string, unknown>): Logger => {
  let child: Logger | null = null;
  const made = () => (child ??= logger.child(bindings));
  return {
    debug: (...line) => made().debug(...line),
    info: (...line) => made().info(...line),
    warn: (...line) => made().warn(...line),
    error: (...line) => made().error(...line),
    child: (more) => made().child(more),
  };
};
