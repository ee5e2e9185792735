import { isConnectionFailure } from '../adapters/mikro-orm/connection-failures.js';

/** DATABASE_URL without its password, to name in a message. */
export const redactedDatabaseUrl = (databaseUrl: string): string => {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'DATABASE_URL';
  }
};

const reasonOf = (error: unknown): string => {
  const messages: string[] = [];
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current.message && !messages.includes(current.message)) messages.push(current.message);
    // AggregateError (one per address tried) says nothing itself: its errors do.
    if (current instanceof AggregateError && current.errors[0] instanceof Error) messages.push(current.errors[0].message);
    current = (current as { cause?: unknown }).cause;
  }
  return messages.filter((message) => message !== '').join(': ') || String(error);
};

/**
 * A database at DATABASE_URL that could not be opened, said with the setting's name: the
 * operator sees which variable to fix, not a driver's bare `connect ECONNREFUSED`.
 */
export class DatabaseUrlError extends Error {
  constructor(databaseUrl: string, cause: unknown) {
    const where = redactedDatabaseUrl(databaseUrl);
    super(
      isConnectionFailure(cause)
        ? `cannot reach the database at DATABASE_URL (${where}): ${reasonOf(cause)}. ` +
            'Check that PostgreSQL is running there and accepts connections from this host, ' +
            'or unset DATABASE_URL to use the embedded database in DATA_DIR.'
        : `the database at DATABASE_URL (${where}) could not be opened: ${reasonOf(cause)}`,
      { cause },
    );
    this.name = 'DatabaseUrlError';
  }
}
