import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';

type Codecs = Readonly<Record<string, t.Mixed>>;
type Keyed<C extends Codecs> = { [K in keyof C]: { readonly key: K; readonly value: t.TypeOf<C[K]> } }[keyof C];

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u);

/**
 * An object with exactly one of `codecs`' keys, its value decoded by that key's codec (`- say: "…"`,
 * `- press: "204"`): what a list of steps or assertions reads best as in YAML. A problem is
 * reported at the key (`script.2.press`), not as every member of a union failing at once.
 */
export const oneKeyOf = <C extends Codecs, A>(name: string, codecs: C, build: (keyed: Keyed<C>) => A): t.Type<A, unknown, unknown> & { readonly jsonSchema: (describe: (part: t.Mixed) => Record<string, unknown>) => Record<string, unknown> } => {
  const keys = Object.keys(codecs);
  const codec = new t.Type<A, unknown, unknown>(
    name,
    (u): u is A => false,
    (u, c) => {
      const present = isObject(u) ? Object.keys(u).filter((key) => keys.includes(key)) : [];
      const stray = isObject(u) ? Object.keys(u).filter((key) => !keys.includes(key)) : [];
      if (!isObject(u) || present.length !== 1 || stray.length > 0) {
        const found = isObject(u) ? ` (found ${Object.keys(u).join(', ') || 'none'})` : '';
        return t.failure(u, c, `must have exactly one of ${keys.join(', ')}${found}`);
      }
      const key = present[0]!;
      const inner = codecs[key]!;
      const decoded = inner.validate(u[key], [...c, { key, type: inner, actual: u[key] }]);
      return E.isLeft(decoded) ? decoded : t.success(build({ key, value: decoded.right } as Keyed<C>));
    },
    (a) => a,
  );
  return Object.assign(codec, {
    jsonSchema: (describe: (part: t.Mixed) => Record<string, unknown>) => ({
      oneOf: keys.map((key) => ({ type: 'object', properties: { [key]: describe(codecs[key]!) }, required: [key], additionalProperties: false })),
    }),
  });
};
