import { Duplex } from 'node:stream';
import { endsExchange, splitMessages, STARTUP_CODES, TERMINATE } from './pg-wire.js';

/** What a connection needs of the session it speaks to: one exchange at a time, and a release. */
export interface ConnectionHost {
  exchange(from: object, writes: boolean, bytes: () => Uint8Array): Promise<Uint8Array>;
  startFresh(): void;
  release(connection: PgliteConnection): void;
}

/**
 * One pg connection to the session: a duplex stream standing in for a socket (pg calls
 * `connect`, `setNoDelay`, `setKeepAlive` on it, writes the protocol, reads the answers).
 */
export class PgliteConnection extends Duplex {
  private pending: Buffer = Buffer.alloc(0);
  private started = false;
  private exchangeStart: Buffer[] = [];
  private gone = false;

  constructor(private readonly session: ConnectionHost) {
    super();
  }

  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    const split = splitMessages(this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]), this.started);
    this.pending = Buffer.from(split.rest);
    this.started = split.started;
    for (const message of split.messages) {
      if (message.type === null && message.code === STARTUP_CODES.ssl) {
        this.push(Buffer.from('N')); // no TLS in process
        continue;
      }
      if (message.type === null && message.code !== STARTUP_CODES.protocol3) continue; // a cancel or GSS request: neither applies in process
      if (message.type === TERMINATE) continue; // the session outlives the connection: see _final
      this.exchangeStart.push(message.bytes);
      if (!endsExchange(message)) continue;
      const bytes = Buffer.concat(this.exchangeStart);
      this.exchangeStart = [];
      const startup = message.type === null;
      // Any of pg's exchanges may write: the ORM's reads are not told apart.
      this.session
        .exchange(this, true, () => {
          if (startup) this.session.startFresh();
          return bytes;
        })
        .then(
          (answer) => {
            if (!this.gone) this.push(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength));
          },
          (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
        );
    }
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.leave();
    this.push(null);
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.leave();
    callback(error);
  }

  private leave(): void {
    if (this.gone) return;
    this.gone = true;
    this.session.release(this);
  }
}

