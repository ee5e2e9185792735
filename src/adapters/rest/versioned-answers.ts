import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import * as E from 'fp-ts/lib/Either.js';
import type { AppError } from '../../application/errors.js';
import type { ReadVersion, Versioned } from '../../application/ports/read-version.js';
import type { VersionedAsk } from '../../application/queries/versioned-read.js';
import type { RestEnv } from './env.js';
import { projectOf, send, sendError } from './respond.js';

/** A body as bytes, encoded once when kept. */
type Body = Uint8Array<ArrayBuffer>;

const UTF8 = new TextEncoder();
const JSON_TYPE = { 'content-type': 'application/json' } as const;

/** A body with its entity tag. */
export interface Rendered {
  readonly body: Body;
  readonly tag: string;
}

interface Kept extends Rendered {
  readonly version: ReadVersion;
}

/**
 * The bodies of list reads, each kept with the version of the read it answered
 * ({@link ReadVersion}), least recently used first out, within a bound in bytes.
 *
 * A dashboard, an MCP client or an integration polls the same pages again and again, and most
 * of the time nothing on them has changed. The store still decides every time: a request reads
 * the page's version (its rows' ids and revisions, and its total: one statement, which neither
 * decodes nor renders a row) and gets the kept body only if that version is the one it was kept
 * with. Whatever wrote the rows (this node, another node on the same database, a migration),
 * the next read sees it. Nothing is announced or expired: a body is only ever given for the
 * version it was read at.
 */
export class VersionedAnswers {
  private readonly kept = new Map<string, Kept>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The body kept under `key` for `version`, or undefined (none kept, or kept for another version). */
  find(key: string, version: ReadVersion): Rendered | undefined {
    const entry = this.kept.get(key);
    if (entry === undefined || entry.version !== version) return undefined;
    // Most recently used last: a Map keeps the order in which keys were set.
    this.kept.delete(key);
    this.kept.set(key, entry);
    return entry;
  }

  keep(key: string, version: ReadVersion, rendered: Rendered): void {
    this.forget(key);
    const size = sizeOf(key, version, rendered);
    if (size > this.maxBytes) return;
    this.kept.set(key, { version, ...rendered });
    this.bytes += size;
    for (const [oldest] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldest);
    }
  }

  /** Bytes held, keys and versions included (strings of ASCII: a byte a character). */
  get size(): number {
    return this.bytes;
  }

  private forget(key: string): void {
    const entry = this.kept.get(key);
    if (entry === undefined) return;
    this.kept.delete(key);
    this.bytes -= sizeOf(key, entry.version, entry);
  }
}

const sizeOf = (key: string, version: ReadVersion, rendered: Rendered): number =>
  key.length + version.length + rendered.tag.length + rendered.body.length;

/**
 * A view as JSON bytes, with a strong entity tag: a digest of the bytes, so it changes with
 * anything that changes them (the rows, or the code that renders them) and with nothing else.
 */
const render = (view: unknown): Rendered => {
  const body = UTF8.encode(JSON.stringify(view));
  return { body, tag: `"${createHash('sha1').update(body).digest('base64url')}"` };
};

/** Whether `If-None-Match` names `tag` (weakly, as RFC 9110 compares for it), or is `*`. */
const names = (ifNoneMatch: string | undefined, tag: string): boolean =>
  ifNoneMatch !== undefined &&
  ifNoneMatch.split(',').some((listed) => {
    const trimmed = listed.trim();
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === tag;
  });

/** The body with its ETag, or 304 with the ETag alone when the request names it. */
const sendRendered = (c: Context<RestEnv>, rendered: Rendered): Response => {
  c.header('ETag', rendered.tag);
  if (names(c.req.header('If-None-Match'), rendered.tag)) return c.body(null, 304);
  return c.body(rendered.body, 200, JSON_TYPE);
};

/**
 * A list read (`asked`, see askVersioned) through `answers`: its version first, and the kept body when it is that version's;
 * otherwise the read itself, rendered by `view` and kept under the version the read answered
 * with, taken in the same statement as its rows (so a body is never kept under a version that
 * is not its own). Without `answers`, the read alone.
 *
 * Bodies are kept per project and `input`: a text the route makes of what it decoded from the
 * request and hands to both reads (which list, and its query), which with the store decides the body.
 * Not the URL as sent, so parameters a route ignores, or another Host header, make no entry of
 * their own.
 *
 * Every answer carries an `ETag` (a digest of its bytes), and a request whose `If-None-Match`
 * names it is answered 304 with no body: a poller that sends it back is spared the body too.
 */
export const sendVersioned = async <A extends Versioned>(
  c: Context<RestEnv>,
  answers: VersionedAnswers | null,
  input: string,
  asked: VersionedAsk<AppError, A>,
  view: (value: A) => unknown,
): Promise<Response> => {
  const { version, read } = asked;
  if (answers === null) return send(c, read, (value) => sendRendered(c, render(view(value))));
  const key = `${projectOf(c)} ${input}`;
  const current = await version();
  const kept = E.isRight(current) ? answers.find(key, current.right) : undefined;
  if (kept !== undefined) return sendRendered(c, kept);
  const result = await read();
  if (E.isLeft(result)) return sendError(c, result.left);
  const rendered = render(view(result.right));
  answers.keep(key, result.right.version, rendered);
  return sendRendered(c, rendered);
};
