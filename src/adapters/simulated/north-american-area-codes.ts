import type { Country } from '../../domain/country.js';

/** Canadian area codes; every other valid NANP area code is treated as a US one. */
const CANADIAN = new Set([
  '204', '226', '236', '249', '250', '263', '289', '306', '343', '354', '365', '367', '368', '382', '403',
  '416', '418', '428', '431', '437', '438', '450', '468', '474', '506', '514', '519', '548', '579', '581',
  '584', '587', '604', '613', '639', '647', '672', '683', '705', '709', '742', '753', '778', '780', '782',
  '807', '819', '825', '867', '873', '879', '902', '905',
]);

export const DEFAULT_AREA_CODES: Record<Country, readonly string[]> = {
  US: ['415', '212', '312', '512', '206'],
  CA: ['416', '604', '514'],
};

/** NANP area codes start 2–9 and are not N11 service codes. */
export const isValidAreaCode = (code: string): boolean => /^[2-9]\d{2}$/.test(code) && code.slice(1) !== '11';

export const countryOfAreaCode = (code: string): Country => (CANADIAN.has(code) ? 'CA' : 'US');
