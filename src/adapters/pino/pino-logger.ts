import { pino, type Logger as Pino } from 'pino';
import type { Logger } from '../../application/ports/logger.js';

/** Keys whose values are never written, wherever they appear in a log line. */
const SECRET_PATHS = [
  'apiKey', '*.apiKey', 'api_key', '*.api_key', 'secret', '*.secret', 'authToken', '*.authToken',
  'authorization', '*.authorization', 'headers.authorization', 'otp', '*.otp', 'otpCode', '*.otpCode', 'otp_code', '*.otp_code',
  'password', '*.password',
];

export const createPinoLogger = (options: { level: string; pretty?: boolean; destination?: NodeJS.WritableStream }): Logger => {
  const pretty = options.pretty ?? (process.stdout.isTTY === true && options.destination === undefined);
  const base: pino.LoggerOptions = {
    level: options.level,
    redact: { paths: SECRET_PATHS, censor: '[redacted]' },
    base: { service: 'switchboard' },
  };
  const logger: Pino = pretty
    ? pino({ ...base, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l' } } })
    : options.destination
      ? pino(base, options.destination as pino.DestinationStream)
      : pino(base);
  return logger as unknown as Logger;
};

/** For tests and embedders who want silence. */
export const silentLogger = (): Logger => pino({ level: 'silent' }) as unknown as Logger;
