import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import { BoundedMemo } from './bounded-memo.js';

/** The most matches kept; past it, they are all forgotten and kept anew. */
const MOST_MATCHES_KEPT = 1024;
/** The longest path kept: an id or two, not a bound of megabytes in paths nobody asks twice. */
const LONGEST_PATH_KEPT = 256;

/** Hono's default choice: its RegExpRouter when it takes every route, else its TrieRouter. */
const honoDefault = <T>(): Router<T> => new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] });

/**
 * A Hono router that keeps what it matched, per method and path, within a bound.
 *
 * Why: Hono's fast router (RegExpRouter) refuses a static segment beside a parameter at the same
 * place (`/v1/agents/voices` beside `/v1/agents/:id`), so the app falls back to TrieRouter, which
 * walks its tree and builds the handler list afresh for every request, work and garbage a list
 * read need not pay for. A poller asks the same few paths again and
 * again, and a match depends on nothing but the method and the path, so it is kept and given
 * again (Hono only reads a match). Paths that are long, or too many to keep, are matched afresh.
 */
export class MemoizedRouter<T> implements Router<T> {
  readonly name: string;
  /** By method and path. */
  private readonly kept = new BoundedMemo<Result<T>>(MOST_MATCHES_KEPT);

  constructor(private readonly inner: Router<T> = honoDefault<T>()) {
    this.name = `memoized ${inner.name}`;
  }

  add(method: string, path: string, handler: T): void {
    this.kept.clear();
    this.inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > LONGEST_PATH_KEPT) return this.inner.match(method, path);
    const key = `${method} ${path}`;
    const found = this.kept.get(key);
    if (found !== undefined) return found;
    return this.kept.keep(key, this.inner.match(method, path));
  }
}
