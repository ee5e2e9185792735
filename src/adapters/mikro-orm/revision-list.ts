/**
 * The rows of `alias` named in a version (see ReadVersion), each by its id and the transaction
 * that wrote it (`xmin`: any update writes a new row version), in the order the scan gives them:
 * `id:xmin,id:xmin…`, or '' for none. `more` adds to each row's name (an agent's numbers).
 *
 * Not sorted by the page's order: PostgreSQL sets up a sort for every aggregate given an order,
 * and that sort was the largest part of a version's cost. Nothing is lost. The page's order is by columns of the very rows named (a
 * creation, start, receipt or last message time, then the id), and a row's revision fixes its
 * columns, so the rows named decide the order whatever order they are named in: equal versions
 * still mean equal answers. The scan is the page's own, by its index, so an unchanged page is
 * named the same way each time; another order would only cost a read, never give a wrong answer.
 */
export const revisionsOf = (alias: string, more = ''): string =>
  `coalesce(string_agg(${alias}.id || ':' || ${alias}.xmin${more}, ','), '')`;
