/**
 * The few facts of PostgreSQL's wire protocol (version 3) that the embedded session needs to
 * cut a client's byte stream into exchanges and to tell, from an answer, whether the session
 * is left inside a transaction.
 */

/** The codes of messages sent before the startup, which carry no type byte. */
export const STARTUP_CODES = { protocol3: 196_608, ssl: 80_877_103 } as const;

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const FLUSH = 0x48; // 'H'
export const TERMINATE = 0x58; // 'X'
const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I'

/** One message from a client: its type byte (null for the untyped startup-phase ones) and its bytes. */
export interface FrontendMessage {
  readonly type: number | null;
  readonly code: number | null;
  readonly bytes: Buffer;
}

/**
 * Splits the complete messages off the front of `buffer`; `rest` is an incomplete one's start.
 * Before the startup a message is its length and a code; after it, a type byte, then the length.
 */
export const splitMessages = (buffer: Buffer, started: boolean): { readonly messages: FrontendMessage[]; readonly rest: Buffer; readonly started: boolean } => {
  const messages: FrontendMessage[] = [];
  let offset = 0;
  let inStartup = !started;
  for (;;) {
    if (inStartup) {
      if (buffer.length - offset < 8) break;
      const length = buffer.readInt32BE(offset);
      if (buffer.length - offset < length) break;
      const code = buffer.readInt32BE(offset + 4);
      messages.push({ type: null, code, bytes: buffer.subarray(offset, offset + length) });
      offset += length;
      if (code === STARTUP_CODES.protocol3) inStartup = false;
    } else {
      if (buffer.length - offset < 5) break;
      const length = 1 + buffer.readInt32BE(offset + 1);
      if (buffer.length - offset < length) break;
      messages.push({ type: buffer[offset]!, code: null, bytes: buffer.subarray(offset, offset + length) });
      offset += length;
    }
  }
  return { messages, rest: buffer.subarray(offset), started: !inStartup };
};

/**
 * Does this message end what the server answers as one exchange? The startup is answered
 * alone, a Sync ends an extended query, a Query is answered whole, a Flush asks for what is
 * pending; the rest (Parse, Bind, Describe, Execute, Close) wait for one of those.
 */
export const endsExchange = (message: FrontendMessage): boolean =>
  message.type === null || message.type === SYNC || message.type === QUERY || message.type === FLUSH;

/**
 * Is the session still held by the client after this answer: inside a transaction (or a failed
 * one), or in an extended query that no Sync has closed yet? Read from the last ReadyForQuery.
 */
export const leavesSessionHeld = (answer: Uint8Array): boolean => {
  let status: number | null = null;
  let offset = 0;
  while (answer.length - offset >= 5) {
    const type = answer[offset]!;
    const length = 1 + ((answer[offset + 1]! << 24) | (answer[offset + 2]! << 16) | (answer[offset + 3]! << 8) | answer[offset + 4]!);
    if (type === READY_FOR_QUERY && length === 6) status = answer[offset + 5]!;
    offset += length;
  }
  return status !== IDLE;
};
