import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A load balancer in front of several nodes, as an operator puts one: each request goes to the
 * next node whose `GET /health` answers 200 (a draining or stopped node gets nothing), and
 * {@link pick} tells the carrier's sockets the same. WebSocket upgrades are not proxied: the
 * carrier connects to the node it picks, signing the public URL as Twilio does.
 */
export class LoadBalancer {
  /** The nodes' own base URLs; a test changes them as it stops and starts nodes. */
  backends: string[] = [];
  url = '';
  private server: Server | null = null;
  private turn = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.pick().then((backend) => {
        if (!backend) return void res.writeHead(503).end();
        const target = new URL(req.url ?? '/', backend);
        const forwarded = httpRequest(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        forwarded.on('error', () => res.writeHead(502).end());
        req.pipe(forwarded);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The next node that says it is up, round robin; null when none is. */
  async pick(): Promise<string | null> {
    const backends = [...this.backends];
    const first = this.turn++;
    for (let tried = 0; tried < backends.length; tried++) {
      const backend = backends[(first + tried) % backends.length]!;
      const health = await fetch(`${backend}/health`).catch(() => null);
      await health?.body?.cancel();
      if (health?.status === 200) return backend;
    }
    return null;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}
