import type { PhoneNumberRow } from '../entities/phone-number.js';
import { phoneNumberRow, PHONE_NUMBER_COLUMNS } from './rows.js';
import { pagedStatements } from './paged.js';

/** A project's numbers, oldest first: the live ones only, or (`liveOnly` false) released ones too. */
export type NumberFilterParams = { readonly projectId: string; readonly liveOnly: boolean };

export const numberList = pagedStatements<NumberFilterParams, PhoneNumberRow>(
  'number',
  {
    table: 'phone_numbers',
    columns: PHONE_NUMBER_COLUMNS,
    where: `project_id = :projectId and (not :liveOnly::boolean or status = 'active')`,
    orderBy: 'created_at, id',
  },
  (r) => phoneNumberRow(r),
);
