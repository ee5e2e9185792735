import type { PeerNodes } from '../../application/ports/call-relocation.js';

/** How many times the public health check is asked: the load balancer may route a question to this very node. */
const TRIES = 3;
const TIMEOUT_MS = 2000;

/**
 * Asks the public URL's `GET /health`, through the load balancer in front of every node, as the
 * carrier's next socket for a call would reach it. A draining node answers 503, so a 200 comes
 * from another node that takes calls.
 */
export class PublicUrlPeerNodes implements PeerNodes {
  constructor(private readonly publicUrl: string) {}

  async anyUp(): Promise<boolean> {
    const url = `${this.publicUrl.replace(/\/+$/, '')}/health`;
    for (let tried = 0; tried < TRIES; tried++) {
      const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) }).catch(() => null);
      await response?.body?.cancel();
      if (response?.status === 200) return true;
    }
    return false;
  }
}
