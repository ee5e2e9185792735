import pg from 'pg';
import type { BackendMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';

/**
 * The decoding of PostgreSQL's answer to one extended-query read (Parse?, Bind, Describe?,
 * Execute, Sync), straight from its bytes: the embedded session's direct reads.
 */

/** How a statement's rows are read: its column names, and a parser per column. */
export interface RowShape {
  readonly names: readonly string[];
  readonly parsers: readonly ((text: string) => unknown)[];
  /** The JSON columns (json, jsonb), by position: see {@link decodeAnswer}. */
  readonly json: readonly boolean[];
}

/** A read's rows, the shape they were read with, its error (pg's DatabaseError) and whether a Parse in it succeeded. */
export interface DecodedAnswer {
  readonly rows: unknown[][];
  readonly shape: RowShape | null;
  readonly error: Error | null;
  readonly parseComplete: boolean;
}

/**
 * Dates, timestamps and intervals as text, their arrays as arrays of text: what MikroORM's
 * PostgreSQL driver makes pg return, so that a direct read answers what a read through pg does.
 */
const AS_TEXT = new Set([1082, 1114, 1184, 1186]);
const AS_TEXT_ARRAYS = new Set([1182, 1115, 1185, 1187]);
const TEXT_ARRAY = 1009;
const JSON_TYPES = new Set([114, 3802]);
const identity = (text: string): string => text;
const parserOf = (oid: number): ((text: string) => unknown) =>
  AS_TEXT.has(oid) ? identity : pg.types.getTypeParser(AS_TEXT_ARRAYS.has(oid) ? TEXT_ARRAY : oid, 'text');

const PARSE_COMPLETE = 0x31; // '1'
const ROW_DESCRIPTION = 0x54; // 'T'
const DATA_ROW = 0x44; // 'D'
const ERROR_RESPONSE = 0x45; // 'E'

/** A RowDescription's columns, in order: each a name (a C string), then 18 bytes of which the type is 6–9. */
const shapeOfDescription = (answer: Buffer, start: number): RowShape => {
  const count = answer.readInt16BE(start);
  const names: string[] = [];
  const parsers: ((text: string) => unknown)[] = [];
  const json: boolean[] = [];
  let offset = start + 2;
  for (let i = 0; i < count; i++) {
    const end = answer.indexOf(0, offset);
    names.push(answer.toString('utf8', offset, end));
    const oid = answer.readInt32BE(end + 7);
    parsers.push(parserOf(oid));
    json.push(JSON_TYPES.has(oid));
    offset = end + 19;
  }
  return { names, parsers, json };
};

/** Each JSON column's last value in one answer, with where its bytes lie, to be taken again by a row whose bytes are the same. */
class PreviousJson {
  private readonly starts: number[];
  private readonly lengths: number[];
  private readonly values: unknown[];

  constructor(columns: number) {
    this.starts = new Array<number>(columns).fill(-1);
    this.lengths = new Array<number>(columns).fill(-1);
    this.values = new Array<unknown>(columns);
  }

  valueAt(column: number, answer: Buffer, at: number, length: number, parse: (text: string) => unknown): unknown {
    const start = this.starts[column]!;
    if (start >= 0 && this.lengths[column] === length && answer.compare(answer, start, start + length, at, at + length) === 0) {
      return this.values[column];
    }
    const value = parse(answer.toString('utf8', at, at + length));
    this.starts[column] = at;
    this.lengths[column] = length;
    this.values[column] = value;
    return value;
  }
}

/** pg's own error for the answer's first ErrorResponse, decoded as pg decodes it. */
const errorOf = (answer: Buffer): Error | null => {
  let error: Error | null = null;
  new Parser().parse(answer, (message: BackendMessage) => {
    if (message.name === 'error') error ??= message as unknown as Error;
  });
  return error;
};

/**
 * Decodes the answer as pg would (the same type parsers): its rows described by its own
 * RowDescription, or by `known` when the read sent no Describe (the statement's shape, read
 * the first time it ran). A row with no shape to read it by is an error, never a guess.
 *
 * Read here rather than through pg-protocol's parser, which makes a message object per row and
 * was about a seventh of an embedded list's cost.
 *
 * A JSON column whose bytes equal the row before's is not decoded and parsed again: the row takes
 * the value parsed for that row. Pages repeat their JSON (every agent of a project stores the
 * default call behaviour and, mostly, no tools), and its parse was the largest cost of a row.
 * Rows of one answer may so share a value; reads treat what they are given as read-only.
 */
export const decodeAnswer = (bytes: Uint8Array, known: RowShape | null): DecodedAnswer => {
  const answer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows: unknown[][] = [];
  let shape = known;
  let parseComplete = false;
  let previous: PreviousJson | undefined;
  let offset = 0;
  while (answer.length - offset >= 5) {
    const type = answer[offset]!;
    const next = offset + 1 + answer.readInt32BE(offset + 1);
    if (type === DATA_ROW) {
      if (shape === null) return { rows: [], shape, parseComplete, error: new Error('a row came before its description') };
      const { parsers, json } = shape;
      const count = answer.readInt16BE(offset + 5);
      const values = new Array<unknown>(count);
      let at = offset + 7;
      for (let i = 0; i < count; i++) {
        const length = answer.readInt32BE(at);
        at += 4;
        if (length < 0) {
          values[i] = null;
        } else if (json[i] === true) {
          previous ??= new PreviousJson(count);
          values[i] = previous.valueAt(i, answer, at, length, parsers[i]!);
          at += length;
        } else {
          values[i] = parsers[i]!(answer.toString('utf8', at, at + length));
          at += length;
        }
      }
      rows.push(values);
    } else if (type === ROW_DESCRIPTION) {
      shape = shapeOfDescription(answer, offset + 5);
    } else if (type === PARSE_COMPLETE) {
      parseComplete = true;
    } else if (type === ERROR_RESPONSE) {
      return { rows: [], shape, parseComplete, error: errorOf(answer) };
    }
    offset = next;
  }
  return { rows, shape, parseComplete, error: null };
};
