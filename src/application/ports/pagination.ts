/** Offset paging as the REST lists use it. */
export interface PageRequest {
  readonly limit: number;
  readonly offset: number;
}

export interface Page<T> {
  readonly items: readonly T[];
  readonly total: number;
}

export const hasMore = (page: Page<unknown>, request: PageRequest): boolean =>
  request.offset + page.items.length < page.total;

export const mapPage = <A, B>(page: Page<A>, f: (item: A) => B): Page<B> => ({
  items: page.items.map(f),
  total: page.total,
});
