import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000000_foundation } from './Migration20261121000000_foundation.js';

/**
 * Every migration, oldest first. Listed explicitly (no glob) so they run the same from `dist`
 * and from vitest. A feature adds a file `MigrationYYYYMMDDhhmmss_<name>.ts` here and appends
 * `{ name, class }` at the end of this array; names must sort after the ones before them.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121000000_foundation', class: Migration20261121000000_foundation },
];
