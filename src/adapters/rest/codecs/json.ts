import * as t from 'io-ts';
import { describedAs } from './described.js';
import { unstorableText } from './text.js';

/** Where a parsed JSON value goes wrong: the keys leading there, and what is wrong. */
export interface JsonProblem {
  readonly kind: 'depth' | 'text';
  readonly path: readonly string[];
  readonly message: string;
}

interface Visit {
  readonly value: unknown;
  readonly depth: number;
  readonly key: string | null;
  readonly parent: Visit | null;
}

const pathOf = (visit: Visit | null): string[] => {
  const keys: string[] = [];
  for (let at = visit; at?.key != null; at = at.parent) keys.unshift(at.key);
  return keys;
};

/**
 * The first problem of a parsed JSON value: objects and arrays nested more than `maxDepth` levels
 * (the value itself is level 1), or a string or key the database cannot store. It walks with a
 * stack of its own, never recursing, and stops at the depth limit: JSON.parse builds values
 * thousands of levels deep that would overflow any recursive code after it (serialisers, drivers).
 */
export const jsonProblem = (value: unknown, maxDepth: number): JsonProblem | null => {
  const stack: Visit[] = [{ value, depth: 1, key: null, parent: null }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      const problem = unstorableText(current);
      if (problem) return { kind: 'text', path: pathOf(visit), message: problem };
    }
    if (typeof current !== 'object' || current === null) continue;
    if (visit.depth > maxDepth) return { kind: 'depth', path: pathOf(visit), message: `must not nest more than ${maxDepth} levels deep` };
    for (const [key, item] of Object.entries(current)) {
      const problem = Array.isArray(current) ? null : unstorableText(key);
      if (problem) return { kind: 'text', path: pathOf(visit), message: `has a key that ${problem}` };
      stack.push({ value: item, depth: visit.depth + 1, key, parent: visit });
    }
  }
  return null;
};

const MAX_KEY_SHOWN = 40;

/** The keys of a path as a field name; a long key is cut, as it is echoed back to the client. */
export const fieldNameOf = (path: readonly string[]): string =>
  path.map((key) => (key.length > MAX_KEY_SHOWN ? `${key.slice(0, MAX_KEY_SHOWN)}…` : key)).join('.');

/** Limits of a free-form JSON object a client stores with us (conversation state, call metadata). */
export const FREE_FORM_LIMITS = { maxBytes: 16 * 1024, maxDepth: 10 } as const;

const isPlainObject = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u);

/**
 * A JSON object of the client's own shape, within `maxDepth` levels and `maxBytes` bytes of
 * serialised UTF-8, holding only text the database can store. A problem inside it is reported
 * on the field, with the keys leading to it in the message.
 */
export const freeFormObject = (limits: { readonly maxBytes: number; readonly maxDepth: number } = FREE_FORM_LIMITS) =>
  describedAs(
    new t.Type<Record<string, unknown>, Record<string, unknown>, unknown>(
      'object',
      (u): u is Record<string, unknown> => isPlainObject(u),
      (u, c) => {
        if (!isPlainObject(u)) return t.failure(u, c, 'must be a JSON object');
        const problem = jsonProblem(u, limits.maxDepth);
        if (problem) {
          const where = problem.kind === 'text' && problem.path.length > 0 ? ` (at ${fieldNameOf(problem.path)})` : '';
          return t.failure(u, c, `${problem.message}${where}`);
        }
        // Checked after the depth: only a value known to be shallow is handed to JSON.stringify.
        if (Buffer.byteLength(JSON.stringify(u)) > limits.maxBytes) {
          return t.failure(u, c, `must be at most ${limits.maxBytes} bytes as JSON`);
        }
        return t.success(u);
      },
      (a) => a,
    ),
    {
      type: 'object',
      description: `A JSON object of your own shape: at most ${limits.maxBytes} bytes as JSON, ${limits.maxDepth} levels deep.`,
    },
  );
