/**
 * A revision per stored row, for read versions (`ReadVersion`) in memory. The in-memory tables
 * keep domain values, which are immutable: a write stores a new object, never changes one in
 * place. So an object's identity is its revision: each gets a number the first time a version
 * names it, and a row written since is another object, with another number.
 */
const revisions = new WeakMap<object, number>();
let last = 0;

export const revisionOf = (row: object): number => {
  let revision = revisions.get(row);
  if (revision === undefined) revisions.set(row, (revision = ++last));
  return revision;
};

/** A row as a version names it: its id and its revision. */
export const versionOfRow = (row: { readonly id: string }): string => `${row.id}:${revisionOf(row)}`;
