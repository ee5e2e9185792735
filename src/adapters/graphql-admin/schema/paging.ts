import type { PageRequest } from '../../../application/ports/pagination.js';
import { failure } from '../errors.js';
import { MAX_PAGE, type AdminBuilder } from './builder.js';

type FieldBuilder = Parameters<Parameters<AdminBuilder['objectType']>[1]['fields'] & object>[0];

/** `limit` (1..100, default 20) and `offset` (default 0), as the REST lists take them. */
export const pageArgs = (t: Pick<FieldBuilder, 'arg'>) => ({
  limit: t.arg.int({ defaultValue: 20, description: `1 to ${MAX_PAGE}` }),
  offset: t.arg.int({ defaultValue: 0 }),
});

export const pageRequest = (args: { readonly limit?: number | null; readonly offset?: number | null }): PageRequest => {
  const limit = args.limit ?? 20;
  const offset = args.offset ?? 0;
  if (limit < 1 || limit > MAX_PAGE) {
    throw failure(`limit must be between 1 and ${MAX_PAGE}`, 'VALIDATION_ERROR');
  }
  if (offset < 0) throw failure('offset must be at least 0', 'VALIDATION_ERROR');
  return { limit, offset };
};
