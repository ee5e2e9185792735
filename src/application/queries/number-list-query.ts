import type { PhoneNumber } from '../../domain/phone-number.js';
import type { Page, PageRequest } from '../ports/pagination.js';

/** A project's numbers, oldest first: what `GET /v1/numbers` and the operator's console list. */
export interface NumberListQuery {
  /** The live numbers only; a released one is found by id alone. */
  live(projectId: string, page: PageRequest): Promise<Page<PhoneNumber>>;
  /** Every number the project has held, released ones included (the operator's view). */
  all(projectId: string, page: PageRequest): Promise<Page<PhoneNumber>>;
}
