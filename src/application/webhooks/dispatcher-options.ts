export interface DispatcherOptions {
  /** Most deliveries taken by one claim. */
  readonly batchSize: number;
  /** Most sends in flight at once, in this process. */
  readonly maxInFlight: number;
  /** How often the outbox is read without a poke: retries that came due, other nodes' work, a restart. */
  readonly pollIntervalMs: number;
  /** How long a claim holds a delivery; longer than a send may take, so no one else sends it meanwhile. */
  readonly leaseMs: number;
  /** An event POST that has not answered by then is a failed attempt. */
  readonly eventTimeoutMs: number;
  /**
   * How long outcomes gather before they are written. Each write is a transaction on the
   * database every event also goes through: under load, fewer and larger ones leave it more room.
   * Only the record waits, never a send.
   */
  readonly recordDelayMs: number;
}

/** Events (not voice turns) get this long to answer (docs/events.md). */
export const EVENT_TIMEOUT_MS = 10_000;

export const DEFAULT_DISPATCHER_OPTIONS: DispatcherOptions = {
  batchSize: 64,
  maxInFlight: 64,
  pollIntervalMs: 1000,
  leaseMs: 60_000,
  eventTimeoutMs: EVENT_TIMEOUT_MS,
  recordDelayMs: 20,
};

/** An error as log fields, its stack kept when it has one. */
export const errorFields = (error: unknown) =>
  error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : { message: String(error) };
