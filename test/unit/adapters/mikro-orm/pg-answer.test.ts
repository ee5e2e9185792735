import { describe, expect, it } from 'vitest';
import { decodeAnswer, type RowShape } from '../../../../src/adapters/mikro-orm/pg-answer.js';
import { recordsOf } from '../../../../src/adapters/mikro-orm/sql-driver.js';

/** The decoded answer with its rows as records by column name, as the repositories read them. */
const asRecords = (bytes: Uint8Array, known: RowShape | null) => {
  const decoded = decodeAnswer(bytes, known);
  return { ...decoded, rows: recordsOf({ columns: decoded.shape?.names ?? [], rows: decoded.rows }) };
};

/** Backend messages as PostgreSQL writes them: a type byte, a length that counts itself, the body. */
const message = (type: string, body: Buffer): Buffer => {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};
const int16 = (n: number) => { const b = Buffer.alloc(2); b.writeInt16BE(n); return b; };
const int32 = (n: number) => { const b = Buffer.alloc(4); b.writeInt32BE(n); return b; };

const rowDescription = (columns: readonly (readonly [name: string, oid: number])[]): Buffer =>
  message('T', Buffer.concat([
    int16(columns.length),
    ...columns.flatMap(([name, oid]) => [Buffer.from(`${name}\0`), int32(0), int16(0), int32(oid), int16(-1), int32(-1), int16(0)]),
  ]));
const dataRow = (values: readonly (string | null)[]): Buffer =>
  message('D', Buffer.concat([
    int16(values.length),
    ...values.flatMap((value) => (value === null ? [int32(-1)] : [int32(Buffer.byteLength(value)), Buffer.from(value)])),
  ]));
const parseComplete = message('1', Buffer.alloc(0));
const bindComplete = message('2', Buffer.alloc(0));
const commandComplete = message('C', Buffer.from('SELECT 2\0'));
const readyForQuery = message('Z', Buffer.from('I'));
const errorResponse = (code: string, text: string) =>
  message('E', Buffer.concat([Buffer.from(`SERROR\0C${code}\0M${text}\0nagents_pkey\0`), Buffer.from([0])]));

const COLUMNS = [['id', 25], ['count', 23], ['created_at', 1184], ['settings', 3802], ['note', 25]] as const;

describe('decodeAnswer', () => {
  it('reads rows as pg does: integers and JSON parsed, timestamps as text, nulls, multi-byte text', () => {
    const answer = Buffer.concat([
      parseComplete, bindComplete, rowDescription(COLUMNS),
      dataRow(['a1', '42', '2026-11-24 19:00:00.123+00', '{"x":[1,"é"]}', 'Zoë — ☎']),
      dataRow(['a2', '-7', '2026-11-24 19:00:01+00', null, null]),
      commandComplete, readyForQuery,
    ]);
    const decoded = asRecords(answer, null);
    expect(decoded.error).toBeNull();
    expect(decoded.parseComplete).toBe(true);
    expect(decoded.rows).toEqual([
      { id: 'a1', count: 42, created_at: '2026-11-24 19:00:00.123+00', settings: { x: [1, 'é'] }, note: 'Zoë — ☎' },
      { id: 'a2', count: -7, created_at: '2026-11-24 19:00:01+00', settings: null, note: null },
    ]);
  });

  it('parses a run of equal JSON down a column once, and every other document (after a null or a change) as it is', () => {
    const columns = [['settings', 3802], ['doc', 114]] as const;
    const same = '{"x":[1,"é"]}';
    const answer = Buffer.concat([
      bindComplete, rowDescription(columns),
      dataRow([same, '[]']), dataRow([same, '[]']), dataRow([null, '[1]']), dataRow([same, '[1]']), dataRow(['{"x":[1,"e"]}', '"[1]"']),
      commandComplete, readyForQuery,
    ]);
    const { rows, error } = asRecords(answer, null);

    expect(error).toBeNull();
    expect(rows).toEqual([
      { settings: { x: [1, 'é'] }, doc: [] },
      { settings: { x: [1, 'é'] }, doc: [] },
      { settings: null, doc: [1] },
      { settings: { x: [1, 'é'] }, doc: [1] },
      { settings: { x: [1, 'e'] }, doc: '[1]' },
    ]);
    expect(rows[1]!.settings).toBe(rows[0]!.settings);
    expect(rows[1]!.doc).toBe(rows[0]!.doc);
    expect(rows[3]!.doc).toBe(rows[2]!.doc);
    expect(rows[4]!.settings).not.toBe(rows[3]!.settings);
  });

  it('reads rows by the shape it was given when the answer carries no description, and hands that shape back', () => {
    const first = asRecords(Buffer.concat([parseComplete, bindComplete, rowDescription(COLUMNS), commandComplete, readyForQuery]), null);
    expect(first.rows).toEqual([]);
    const again = asRecords(Buffer.concat([bindComplete, dataRow(['a3', '1', '2026-01-01 00:00:00+00', '[]', 'n']), commandComplete, readyForQuery]), first.shape);
    expect(again.parseComplete).toBe(false);
    expect(again.shape).toBe(first.shape);
    expect(again.rows).toEqual([{ id: 'a3', count: 1, created_at: '2026-01-01 00:00:00+00', settings: [], note: 'n' }]);
  });

  it('refuses a row it has no shape to read by, rather than guessing', () => {
    const decoded = asRecords(Buffer.concat([bindComplete, dataRow(['a1']), readyForQuery]), null);
    expect(decoded.rows).toEqual([]);
    expect(decoded.error?.message).toMatch(/before its description/);
  });

  it('answers PostgreSQL\'s error as pg\'s DatabaseError, and whether the Parse before it succeeded', () => {
    const failedBind = asRecords(Buffer.concat([parseComplete, errorResponse('23505', 'duplicate key'), readyForQuery]), null);
    expect(failedBind.parseComplete).toBe(true);
    expect(failedBind.error).toMatchObject({ code: '23505', message: 'duplicate key', constraint: 'agents_pkey' });
    const failedParse = asRecords(Buffer.concat([errorResponse('42601', 'syntax error'), readyForQuery]), null);
    expect(failedParse.parseComplete).toBe(false);
    expect(failedParse.error).toMatchObject({ code: '42601' });
  });
});
