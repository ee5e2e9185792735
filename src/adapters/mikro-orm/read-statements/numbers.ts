import type { PhoneNumberRow } from '../entities/phone-number.js';
import { readStatement } from '../read-session.js';
import { PHONE_NUMBER_COLUMNS, phoneNumberRow, selectList } from './rows.js';

/** A project's numbers, oldest first: the live ones only, or (`liveOnly` false) released ones too. */
export type NumberFilterParams = { readonly projectId: string; readonly liveOnly: boolean };
export type NumberPageParams = NumberFilterParams & { readonly limit: number; readonly offset: number };

const matching = `project_id = :projectId and (not :liveOnly::boolean or status = 'active')`;

/** A row of a page: a number, with the count of every number the filter keeps beside it. */
export interface NumberPageRow {
  readonly number: PhoneNumberRow;
  readonly total: number;
}

/** The page, its total an uncorrelated subquery run once beside it. */
export const numberPage = readStatement<NumberPageParams, NumberPageRow>(
  'number_page',
  `select ${selectList(PHONE_NUMBER_COLUMNS)}, (select count(*) from phone_numbers where ${matching}) as "__total"
     from phone_numbers where ${matching}
     order by created_at, id limit :limit offset :offset`,
  'read',
  (r) => ({ number: phoneNumberRow(r), total: r.integer('__total') }),
);

/** The total alone: for a page past the last number, which has no row to carry it. */
export const numberCount = readStatement<NumberFilterParams, number>(
  'number_count',
  `select count(*) as "total" from phone_numbers where ${matching}`,
  'read',
  (r) => r.integer('total'),
);
