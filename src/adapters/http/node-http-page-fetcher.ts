import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { FetchedPage, PageFetcher } from '../../application/ports/document-sources.js';
import { guardedAgents, type GuardedAgents } from './guarded-agents.js';
import type { OutboundGuard } from './outbound-guard.js';

/** A page that takes longer is not worth the wait of the request that asked for it. */
const FETCH_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

const describe = (error: unknown): string => (error as NodeJS.ErrnoException)?.code ?? (error as Error)?.message ?? String(error);

/**
 * Fetches knowledge-base pages with Node's client over the guard's agents: the SSRF rules of
 * webhooks and tools, judged at connection time for every address a name resolves to, a
 * redirect's target included (a few are followed). The body is read up to the bound asked for.
 */
export class NodeHttpPageFetcher implements PageFetcher {
  private readonly agents: GuardedAgents;

  constructor(guard: OutboundGuard) {
    this.agents = guardedAgents(guard, { keepAlive: false, timeout: FETCH_TIMEOUT_MS });
  }

  fetch(url: string, maxBytes: number): Promise<FetchedPage> {
    return this.get(new URL(url), maxBytes, 0);
  }

  private get(url: URL, maxBytes: number, redirects: number): Promise<FetchedPage> {
    return new Promise<FetchedPage>((resolve) => {
      let settled = false;
      const settle = (page: FetchedPage) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(page);
      };
      const timer = setTimeout(() => {
        settle({ ok: false, reason: `no answer within ${FETCH_TIMEOUT_MS / 1000} s` });
        req.destroy();
      }, FETCH_TIMEOUT_MS);
      const answered = (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        if (status >= 300 && status < 400 && location) {
          res.resume();
          if (redirects >= MAX_REDIRECTS) return settle({ ok: false, reason: `more than ${MAX_REDIRECTS} redirects` });
          clearTimeout(timer);
          settled = true;
          return void this.get(new URL(location, url), maxBytes, redirects + 1).then(resolve);
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return settle({ ok: false, reason: `HTTP ${status}` });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.byteLength;
          if (size > maxBytes) {
            settle({ ok: true, mediaType: mediaTypeOf(res), body: '', bytes: new Uint8Array(), truncated: true });
            res.destroy();
          }
        });
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          settle({ ok: true, mediaType: mediaTypeOf(res), body: bytes.toString('utf8'), bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), truncated: false });
        });
        res.on('error', (error) => settle({ ok: false, reason: describe(error) }));
      };
      const options = { method: 'GET', agent: this.agents.for(url), headers: { 'User-Agent': 'Switchboard-Knowledge/1', Accept: 'text/html, text/markdown, application/pdf, text/plain;q=0.9' } };
      const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, options, answered);
      req.on('error', (error) => settle({ ok: false, reason: describe(error) }));
      req.end();
    });
  }

  async close(): Promise<void> {
    this.agents.destroy();
  }
}

const mediaTypeOf = (res: IncomingMessage): string => (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
