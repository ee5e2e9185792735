import type { ClientRequestArgs } from 'node:http';
import { isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** How an agent opens a connection (its own `createConnection`, the guard's check first). */
type Connect = (options: ClientRequestArgs, done: (err: Error | null, stream: Duplex) => void) => Duplex | null | undefined;

/** A connection opened ahead and not taken by then is closed: the call it was for never asked. */
const KEPT_MS = 30_000;

const keyOf = (host: string | null | undefined, port: number | string | null | undefined): string => `${host ?? ''}:${Number(port)}`;

/**
 * Connections one agent opened before any request asked for them, by server: the agent's next
 * `createConnection` for that server takes one instead of connecting, so the request finds the
 * TCP and TLS handshakes done. Node's agents can only open a connection for a request; this is
 * the way in they leave, and the connection is the agent's from then on (pooled, kept alive).
 */
export class WarmConnections {
  private readonly ready = new Map<string, Set<Socket>>();
  private readonly timers = new Map<Socket, NodeJS.Timeout>();

  constructor(
    private readonly protocol: 'http:' | 'https:',
    private readonly agentOptions: object,
    private readonly connect: Connect,
  ) {}

  /** Opens one to the URL's server; resolves once it is ready, or could not be opened (refused, unreachable). */
  open(url: URL): Promise<void> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = Number(url.port) || (this.protocol === 'https:' ? 443 : 80);
    const options: ClientRequestArgs = { ...this.agentOptions, host, port, ...(this.protocol === 'https:' && isIP(host) === 0 ? { servername: host } : {}) };
    return new Promise<void>((resolve) => {
      let socket: Socket | null = null;
      try {
        socket = (this.connect(options, () => {}) as Socket | null | undefined) ?? null;
      } catch {
        // The guard refused it: nothing to open, nothing to report; the first turn is refused the same way.
      }
      if (!socket) return resolve();
      const opened = socket;
      const failed = () => {
        opened.destroy();
        resolve();
      };
      opened.once('error', failed);
      opened.once(this.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
        opened.off('error', failed);
        this.keep(keyOf(host, port), opened);
        resolve();
      });
    });
  }

  /** A ready connection to the request's server, taken out of the warm set; null when there is none. */
  take(options: ClientRequestArgs): Duplex | null {
    const waiting = this.ready.get(keyOf(options.host ?? options.hostname, options.port));
    for (const socket of waiting ?? []) {
      this.forget(socket);
      if (socket.destroyed || !socket.writable) continue;
      socket.ref();
      return socket;
    }
    return null;
  }

  destroy(): void {
    for (const socket of [...this.timers.keys()]) {
      this.forget(socket);
      socket.destroy();
    }
  }

  private keep(key: string, socket: Socket): void {
    const waiting = this.ready.get(key) ?? new Set<Socket>();
    this.ready.set(key, waiting);
    waiting.add(socket);
    // Waiting, it holds no process open; the agent's request refs it again.
    socket.unref();
    const timer = setTimeout(() => {
      this.forget(socket);
      socket.destroy();
    }, KEPT_MS);
    timer.unref();
    this.timers.set(socket, timer);
    socket.once('close', () => this.forget(socket));
    socket.on('error', this.onError(socket));
  }

  private readonly errorListeners = new Map<Socket, () => void>();

  /** While it waits, an error closes the connection: nobody else listens to it yet. */
  private onError(socket: Socket): () => void {
    const listener = () => socket.destroy();
    this.errorListeners.set(socket, listener);
    return listener;
  }

  private forget(socket: Socket): void {
    const listener = this.errorListeners.get(socket);
    if (listener) socket.off('error', listener);
    this.errorListeners.delete(socket);
    clearTimeout(this.timers.get(socket));
    this.timers.delete(socket);
    for (const [key, waiting] of this.ready) {
      if (waiting.delete(socket) && waiting.size === 0) this.ready.delete(key);
    }
  }
}
