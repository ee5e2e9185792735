import type { Socket } from 'node:net';
import { buildConnector } from 'undici';

/** A connection opened ahead and not taken by then is closed: the call it was for never asked. */
const KEPT_MS = 30_000;

/**
 * undici's connector for the model server's pool, with connections opened ahead: the pool's next
 * connect takes one instead of connecting, so a call's first answer finds the TCP and TLS
 * handshakes done. undici opens connections only for requests; its `connect` option is the way in.
 */
export class WarmModelConnections {
  private readonly connector = buildConnector({});
  private readonly ready = new Map<Socket, NodeJS.Timeout>();

  constructor(private readonly origin: URL) {}

  /** The pool's connector: a waiting connection if there is one, else a new one. */
  readonly connect: buildConnector.connector = (options, callback) => {
    for (const socket of this.ready.keys()) {
      this.forget(socket);
      if (socket.destroyed || !socket.writable) continue;
      socket.ref();
      // Never synchronously: the pool connects from inside its own resume loop, which a nested resume does not wake.
      process.nextTick(() => callback(null, socket));
      return;
    }
    this.connector(options, callback);
  };

  /** Opens one; resolves once it is ready or could not be opened. */
  open(): Promise<void> {
    const { hostname, host, protocol, port } = this.origin;
    return new Promise<void>((resolve) => {
      this.connector({ hostname, host, protocol, port }, (error, socket) => {
        if (error || !socket) return resolve();
        // Waiting, it holds no process open; the pool's request refs it again.
        socket.unref();
        const timer = setTimeout(() => this.drop(socket), KEPT_MS);
        timer.unref();
        this.ready.set(socket, timer);
        socket.once('close', () => this.forget(socket));
        socket.once('error', () => this.drop(socket));
        resolve();
      });
    });
  }

  destroy(): void {
    for (const socket of [...this.ready.keys()]) this.drop(socket);
  }

  private drop(socket: Socket): void {
    this.forget(socket);
    socket.destroy();
  }

  private forget(socket: Socket): void {
    clearTimeout(this.ready.get(socket));
    this.ready.delete(socket);
  }
}
