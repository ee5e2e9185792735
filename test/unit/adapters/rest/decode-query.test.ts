import * as E from 'fp-ts/lib/Either.js';
import { Hono } from 'hono';
import * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { decodeQuery } from '../../../../src/adapters/rest/decode.js';

/** A query codec that counts how often it decodes. */
const countingCodec = () => {
  const inner = t.type({ limit: t.union([t.undefined, t.string]) });
  const counted = { decodes: 0 };
  const codec = new t.Type<t.TypeOf<typeof inner>, unknown, unknown>(
    'CountedQuery',
    inner.is,
    (input, context) => {
      counted.decodes++;
      return inner.validate(input, context);
    },
    t.identity,
  );
  // Refuses a limit that is not digits, as a page's codec does.
  const strict = codec.pipe(
    new t.Type<t.TypeOf<typeof inner>, t.TypeOf<typeof inner>, t.TypeOf<typeof inner>>(
      'Digits',
      inner.is,
      (value, context) => (value.limit === undefined || /^\d+$/.test(value.limit) ? t.success(value) : t.failure(value, context, 'must be digits')),
      t.identity,
    ),
  );
  return { codec: strict, counted };
};

/** An app whose one route answers the query decoded by `codec`, or 422. */
const appDecoding = (codec: t.Decoder<unknown, unknown>) => {
  const app = new Hono();
  app.get('/list', (c) => {
    const query = decodeQuery(c, codec);
    return E.isRight(query) ? c.json({ query: query.right }) : c.json({ error: query.left._tag }, 422);
  });
  return (path: string) => app.request(`http://switchboard.test${path}`);
};

describe('decodeQuery', () => {
  it('decodes a query string once: sent again, it is answered the same without decoding', async () => {
    const { codec, counted } = countingCodec();
    const get = appDecoding(codec);

    const first = await (await get('/list?limit=20')).json();
    const again = await (await get('/list?limit=20')).json();

    expect(first).toEqual({ query: { limit: '20' } });
    expect(again).toEqual(first);
    expect(counted.decodes).toBe(1);
  });

  it('decodes each other query string (and none at all) for itself', async () => {
    const { codec, counted } = countingCodec();
    const get = appDecoding(codec);

    const answers = [];
    for (const path of ['/list?limit=20', '/list?limit=21', '/list', '/list?limit=21#top']) answers.push(await (await get(path)).json());

    expect(answers).toEqual([{ query: { limit: '20' } }, { query: { limit: '21' } }, { query: {} }, { query: { limit: '21' } }]);
    expect(counted.decodes).toBe(3);
  });

  it('refuses a query that does not decode every time it is sent, keeping nothing of it', async () => {
    const { codec, counted } = countingCodec();
    const get = appDecoding(codec);

    const statuses = [(await get('/list?limit=ten')).status, (await get('/list?limit=ten')).status];

    expect(statuses).toEqual([422, 422]);
    expect(counted.decodes).toBe(2);
  });

  it('decodes a long query string every time, keeping nothing of it', async () => {
    const { codec, counted } = countingCodec();
    const get = appDecoding(codec);
    const long = `/list?limit=20&note=${'x'.repeat(300)}`;

    const answers = [await (await get(long)).json(), await (await get(long)).json()];

    expect(answers).toEqual([expect.objectContaining({ query: expect.objectContaining({ limit: '20' }) }), expect.objectContaining({ query: expect.objectContaining({ limit: '20' }) })]);
    expect(counted.decodes).toBe(2);
  });

  it('keeps decoded queries apart per codec: the same text through another codec is decoded by it', async () => {
    const one = countingCodec();
    const other = countingCodec();

    await appDecoding(one.codec)('/list?limit=20');
    await appDecoding(other.codec)('/list?limit=20');

    expect([one.counted.decodes, other.counted.decodes]).toEqual([1, 1]);
  });
});
