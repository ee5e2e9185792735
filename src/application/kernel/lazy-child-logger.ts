import type { Logger } from '../ports/logger.js';

/**
 * A child logger made on its first use: one small object, its methods shared. A pino child
 * checks and serialises its bindings when made, and five closures would be five more objects.
 */
/** A log call's arguments, passed on as given (pino tells a missing message from an undefined one). */
type Line = Parameters<Logger['info']>;

class LazyChildLogger implements Logger {
  private made: Logger | null = null;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Record<string, unknown>,
  ) {}

  debug(...line: Line): void {
    this.logger().debug(...line);
  }

  info(...line: Line): void {
    this.logger().info(...line);
  }

  warn(...line: Line): void {
    this.logger().warn(...line);
  }

  error(...line: Line): void {
    this.logger().error(...line);
  }

  child(bindings: Record<string, unknown>): Logger {
    return this.logger().child(bindings);
  }

  private logger(): Logger {
    return (this.made ??= this.parent.child(this.bindings));
  }
}

/**
 * `logger.child(bindings)`, made on its first use. For what is made on a hot path and seldom
 * logs (a request, a live call, a hosted call's turns): a pino child made up front is garbage
 * each time, mostly for nothing.
 */
export const lazyChildLogger = (logger: Logger, bindings: Record<string, unknown>): Logger => new LazyChildLogger(logger, bindings);
