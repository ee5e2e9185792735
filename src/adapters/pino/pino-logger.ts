import { createRequire } from 'node:module';
import { pino, type Logger as Pino } from 'pino';
import type { Logger } from '../../application/ports/logger.js';
import { redactSecrets } from './redact-secrets.js';

type SonicBoom = ReturnType<typeof pino.destination>;
/** sonic-boom's state, which it exposes no other way: a write under way, bytes still buffered. */
type Pending = { readonly _writing: boolean; readonly _len: number; readonly destroyed: boolean };
const FLUSH_LIMIT_MS = 2000;

/**
 * Resolves once everything logged so far is written. (sonic-boom's own `flush(cb)` calls back at
 * once when it does not batch.) Gives up after FLUSH_LIMIT_MS: a stuck descriptor must not hold
 * a shutdown; pino still writes what is left when the process exits.
 */
const drained = async (stream: SonicBoom): Promise<void> => {
  const pending = stream as unknown as Pending;
  const deadline = Date.now() + FLUSH_LIMIT_MS;
  while ((pending._writing || pending._len > 0) && !pending.destroyed && Date.now() < deadline) {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stream.off('drain', done).off('ready', done).off('error', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(1, deadline - Date.now()));
      stream.once('drain', done).once('ready', done).once('error', done);
    });
  }
};

/**
 * Censors secrets in children's bindings, which pino writes without its log formatter. Set on
 * the root, the override is inherited: pino makes each child with the parent as its prototype.
 */
const withRedactedBindings = (logger: Pino): Pino => {
  const child = logger.child;
  logger.child = function (this: Pino, bindings, options) {
    return child.call(this, redactSecrets(bindings), options);
  } as Pino['child'];
  return logger;
};

/**
 * Each line as its bytes, for sonic-boom's buffer mode. Given text, sonic-boom appends each line
 * to the text waiting behind a write under way and then measures that text's byte length, which
 * makes V8 copy all of it into one flat string: at every line, the whole batch again. Given
 * bytes, it keeps the lines
 * as they come with their lengths, and joins them once, for the write. pino hands the hook's
 * answer to the stream as it is (its type says text; sonic-boom's buffer mode takes bytes).
 */
const asBytes = ((line: string): Buffer => Buffer.from(line)) as unknown as (line: string) => string;

/** A logger whose lines may still be on their way out: `flush()` resolves once they are written. */
export interface FlushableLogger extends Logger {
  flush(): Promise<void>;
}

/**
 * pino-pretty's entry point when it is installed, else null. It is a development dependency:
 * a checkout has it, an installed package does not, and pino would fail to start its
 * transport ("unable to determine transport target"). Without it a terminal gets the JSON lines.
 */
export const prettyPrinterPath = (): string | null => {
  try {
    return createRequire(import.meta.url).resolve('pino-pretty');
  } catch {
    return null;
  }
};

/**
 * pino. Without `destination`, lines go to `file` (a path or descriptor; default stdout)
 * asynchronously: a request never waits for a write, lines logged while one is under way go
 * out together, and pino writes what is left when the process exits. Pretty (a TTY, when
 * pino-pretty is installed) prints from a worker thread.
 */
export const createPinoLogger = (options: {
  level: string;
  pretty?: boolean;
  destination?: NodeJS.WritableStream;
  file?: string | number;
}): FlushableLogger => {
  const wantsPretty = options.pretty ?? (process.stdout.isTTY === true && options.destination === undefined && options.file === undefined);
  const prettyTarget = wantsPretty ? prettyPrinterPath() : null;
  const base: pino.LoggerOptions = {
    level: options.level,
    // Secrets censored in every line's fields (and, below, in every child's bindings).
    formatters: { log: redactSecrets },
    base: { service: 'switchboard' },
  };
  let asynchronous: SonicBoom | null = null;
  const logger: Pino = prettyTarget
    ? pino({ ...base, transport: { target: prettyTarget, options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l' } } })
    : options.destination
      ? pino(base, options.destination as pino.DestinationStream)
      : pino(
          { ...base, hooks: { streamWrite: asBytes } },
          (asynchronous = pino.destination({ dest: options.file ?? 1, sync: false, contentMode: 'buffer' })),
        );
  return Object.assign(withRedactedBindings(logger) as unknown as Logger, { flush: () => (asynchronous ? drained(asynchronous) : Promise.resolve()) });
};

/** For tests and embedders who want silence. */
export const silentLogger = (): Logger => pino({ level: 'silent' }) as unknown as Logger;
