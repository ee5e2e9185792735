/**
 * The repositories' native SQL in one import: writes (native-writes.ts), reads and updates by
 * filter (native-filters.ts), and the rows' shapes (native-shape.ts).
 */
export {
  insertRowsNative,
  insertRowUnlessTaken,
  lockRow,
  translateUniqueViolation,
  upsertRow,
  upsertRowOn,
  upsertRowsNative,
  writeRowsTogether,
  type RowsWrite,
} from './native-writes.js';
export {
  conditionOf,
  containsPattern,
  countRows,
  findPage,
  findRow,
  findRows,
  selectRows,
  updateRows,
  updateRowsCounted,
  type Alongside,
} from './native-filters.js';
export { dateOf, fromColumns } from './native-shape.js';
