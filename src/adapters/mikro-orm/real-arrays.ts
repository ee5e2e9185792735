/**
 * Vectors as PostgreSQL `real[]` text (`{0.1,-0.2}`): one form that both PostgreSQL's and
 * PGlite's sessions send and answer alike, whatever each does with arrays of their own.
 */
export const arrayLiteralOf = (vector: Float32Array): string => `{${Array.prototype.join.call(vector, ',')}}`;

export const vectorOf = (literal: string): Float32Array => {
  const inner = literal.slice(1, -1);
  if (inner === '') return new Float32Array();
  const parts = inner.split(',');
  const vector = new Float32Array(parts.length);
  for (let i = 0; i < parts.length; i++) vector[i] = Number(parts[i]);
  return vector;
};
