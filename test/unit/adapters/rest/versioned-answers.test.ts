import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../../src/application/errors.js';
import type { RestEnv } from '../../../../src/adapters/rest/env.js';
import { sendVersioned, VersionedAnswers, type Rendered } from '../../../../src/adapters/rest/versioned-answers.js';

/** A rendered body of `n` bytes of `fill`, with `tag` (none by default: sizes count the body alone). */
const rendered = (n: number, fill = 1, tag = ''): Rendered => ({ body: new Uint8Array(n).fill(fill), tag });

describe(VersionedAnswers.name, () => {
  /** The body kept under `key` for `version`. */
  const bodyOf = (sut: VersionedAnswers, key: string, version: string) => sut.find(key, version)?.body;

  it('gives the body kept under a key for the version it was kept with, and nothing for another version or key', () => {
    const sut = new VersionedAnswers(1024);
    const answer = rendered(8, 1, '"t"');

    sut.keep('proj_1 /v1/agents', '2;agt_a:7', answer);

    expect(sut.find('proj_1 /v1/agents', '2;agt_a:7')).toMatchObject(answer);
    expect(sut.find('proj_1 /v1/agents', '2;agt_a:8')).toBeUndefined();
    expect(sut.find('proj_2 /v1/agents', '2;agt_a:7')).toBeUndefined();
  });

  it('holds nothing at first, then the bytes of each key, version, tag and body', () => {
    const sut = new VersionedAnswers(1024);
    const empty = sut.size;

    sut.keep('ab', 'xyz', rendered(5, 1, '"tag"'));
    sut.keep('cd', 'v', rendered(0));

    expect(empty).toBe(0);
    expect(sut.size).toBe(2 + 3 + 5 + 5 + (2 + 1 + 0));
  });

  it('keeps one body a key: keeping again replaces body and version, and the size with them', () => {
    const sut = new VersionedAnswers(1024);
    const newer = rendered(3, 2);
    sut.keep('key', 'v1', rendered(10));

    sut.keep('key', 'v22', newer);

    expect(sut.find('key', 'v1')).toBeUndefined();
    expect(bodyOf(sut, 'key', 'v22')).toBe(newer.body);
    expect(sut.size).toBe(3 + 3 + 3);
  });

  it('makes room by forgetting the least recently kept or found first', () => {
    // Each entry: a key of 2 bytes, a version of 1 and a body of 7, 10 bytes in all; room for three.
    const sut = new VersionedAnswers(30);
    const [k1, k2, k3, k4] = [rendered(7, 1), rendered(7, 2), rendered(7, 3), rendered(7, 4)];
    sut.keep('k1', 'v', k1);
    sut.keep('k2', 'v', k2);
    sut.keep('k3', 'v', k3);
    expect(bodyOf(sut, 'k1', 'v')).toBe(k1.body); // k1 is now the most recently used, k2 the least

    sut.keep('k4', 'v', k4);

    expect(['k1', 'k2', 'k3', 'k4'].map((key) => bodyOf(sut, key, 'v'))).toEqual([k1.body, undefined, k3.body, k4.body]);
    expect(sut.size).toBe(30);
  });

  it('forgets as many of the oldest as a large body needs', () => {
    const sut = new VersionedAnswers(30);
    for (const key of ['k1', 'k2', 'k3']) sut.keep(key, 'v', rendered(7));
    const large = rendered(17); // 20 bytes: two of the others must go

    sut.keep('k4', 'v', large);

    expect([bodyOf(sut, 'k1', 'v'), bodyOf(sut, 'k2', 'v')]).toEqual([undefined, undefined]);
    expect(bodyOf(sut, 'k3', 'v')).toEqual(rendered(7).body);
    expect(bodyOf(sut, 'k4', 'v')).toBe(large.body);
    expect(sut.size).toBe(30);
  });

  it('keeps a body exactly as large as the bound, but none larger, and forgets nothing for the one it refuses', () => {
    const sut = new VersionedAnswers(30);
    const fits = rendered(27);
    sut.keep('k1', 'v', fits);
    expect(bodyOf(sut, 'k1', 'v')).toBe(fits.body);

    const small = rendered(7);
    sut.keep('k2', 'v', small); // k1 must go to make room
    sut.keep('k3', 'v', rendered(28)); // 31 bytes: never kept

    expect(['k1', 'k2', 'k3'].map((key) => bodyOf(sut, key, 'v'))).toEqual([undefined, small.body, undefined]);
    expect(sut.size).toBe(10);
  });
});

describe(sendVersioned.name, () => {
  /**
   * A list route over `answers`, counting the reads it runs. The test sets the version the store
   * gives (`version`), and what a read answers: `items`, with the version `readVersion` (else
   * `version`), as a store reading both from one snapshot would.
   */
  const aRoute = (answers: VersionedAnswers | null) => {
    const state = {
      version: E.right('v1') as E.Either<AppError, string>,
      items: ['a'],
      readVersion: null as string | null,
      fails: false,
      reads: 0,
    };
    const version: TE.TaskEither<AppError, string> = async () => state.version;
    const read: TE.TaskEither<AppError, { items: readonly string[]; version: string }> = async () => {
      state.reads++;
      if (state.fails) return E.left({ _tag: 'NotFound', resource: 'agent', id: 'agt_x' });
      return E.right({ items: [...state.items], version: state.readVersion ?? (E.isRight(state.version) ? state.version.right : 'none') });
    };
    const app = new Hono<RestEnv>();
    app.use('*', async (c, next) => {
      c.set('principal', { projectId: c.req.header('x-project') ?? 'proj_1', keyId: 'key_1' });
      await next();
    });
    // The route's input, as a real route decodes it: here the `limit` parameter alone.
    app.get('/list', (c) => sendVersioned(c, answers, `list ${c.req.query('limit') ?? ''}`, { version, read }, ({ items }) => ({ data: items })));
    const get = async (path = '/list', project = 'proj_1') => {
      const response = await app.request(path, { headers: { 'x-project': project } });
      return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
    };
    /** A request with `If-None-Match`: its status, ETag and body as text. */
    const revalidate = async (ifNoneMatch: string | null) => {
      const response = await app.request('/list', { headers: ifNoneMatch === null ? {} : { 'if-none-match': ifNoneMatch } });
      return { status: response.status, tag: response.headers.get('etag'), text: await response.text() };
    };
    return { state, get, revalidate };
  };

  it.each([
    ['kept', new VersionedAnswers(1024)],
    ['not kept (READ_CACHE_SIZE=0)', null],
  ])('tags every answer with a digest of its bytes, and answers 304 with no body to a request naming it: %s', async (_, answers) => {
    const { state, revalidate } = aRoute(answers);

    const first = await revalidate(null);
    const named = [
      await revalidate(first.tag),
      await revalidate(`W/${first.tag}`),
      await revalidate(`"other", ${first.tag}`),
      await revalidate('*'),
    ];
    const other = await revalidate('"other"');
    state.items = ['b'];
    state.version = E.right('v2');
    const changed = await revalidate(first.tag);

    expect(first).toEqual({ status: 200, tag: expect.stringMatching(/^"[A-Za-z0-9_-]{27}"$/), text: '{"data":["a"]}' });
    expect(named).toEqual(Array(4).fill({ status: 304, tag: first.tag, text: '' }));
    expect(other).toEqual(first);
    expect(changed).toMatchObject({ status: 200, text: '{"data":["b"]}' });
    expect(changed.tag).not.toBe(first.tag);
  });

  it('reads once for a version, then gives the kept body while the version holds, and reads again when it moves', async () => {
    const { state, get } = aRoute(new VersionedAnswers(1024));

    const first = await get();
    state.items = ['b']; // the store changed, but says its version did not
    const kept = await get();
    state.version = E.right('v2');
    const fresh = await get();

    expect(first).toEqual({ status: 200, type: 'application/json', body: { data: ['a'] } });
    expect(kept).toEqual(first);
    expect(fresh.body).toEqual({ data: ['b'] });
    expect(state.reads).toBe(2);
  });

  // A write landing between the version and the read: the body is the later one's, and kept
  // under its version, never under the version taken before it, which may come back.
  it('keeps a body under the version its read answered with, not the one taken before it', async () => {
    const { state, get } = aRoute(new VersionedAnswers(1024));
    state.items = ['b'];
    state.readVersion = 'v2';

    const raced = await get(); // asked at v1, read at v2
    state.version = E.right('v2');
    const kept = await get();
    state.version = E.right('v1'); // the write undone: v1 again, with its own answer
    state.items = ['a'];
    state.readVersion = null;
    const undone = await get();

    expect([raced.body, kept.body, undone.body]).toEqual([{ data: ['b'] }, { data: ['b'] }, { data: ['a'] }]);
    expect(state.reads).toBe(2);
  });

  it('keeps a body per project and per input the route decoded, not per URL as sent', async () => {
    const { state, get } = aRoute(new VersionedAnswers(1024));
    await get('/list?limit=1', 'proj_1');
    state.items = ['b'];

    const answers = [
      await get('/list?limit=2', 'proj_1'),
      await get('/list?limit=1', 'proj_2'),
      await get('/list?limit=1', 'proj_1'),
      await get('/list?limit=1&ignored=yes', 'proj_1'),
    ];

    expect(answers.map((answer) => answer.body)).toEqual([{ data: ['b'] }, { data: ['b'] }, { data: ['a'] }, { data: ['a'] }]);
    expect(state.reads).toBe(3);
  });

  it('reads every time without answers kept, or when the version cannot be had', async () => {
    const off = aRoute(null);
    const noVersion = aRoute(new VersionedAnswers(1024));
    noVersion.state.version = E.left({ _tag: 'NotFound', resource: 'agent', id: 'agt_x' });

    for (const route of [off, noVersion]) {
      await route.get();
      route.state.items = ['b'];
      expect((await route.get()).body).toEqual({ data: ['b'] });
      expect(route.state.reads).toBe(2);
    }
  });

  it('answers a failed read with its error and keeps nothing for it', async () => {
    const { state, get } = aRoute(new VersionedAnswers(1024));
    state.fails = true;

    const failed = await get();
    state.fails = false;
    const read = await get();

    expect(failed.status).toBe(404);
    expect(read).toMatchObject({ status: 200, body: { data: ['a'] } });
    expect(state.reads).toBe(2);
  });
});
