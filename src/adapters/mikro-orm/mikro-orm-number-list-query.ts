import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type { NumberListQuery } from '../../application/queries/number-list-query.js';
import type { PhoneNumber } from '../../domain/phone-number.js';
import { toPhoneNumber } from './mikro-orm-phone-number-repository.js';
import { pageFromRows } from './read-page.js';
import type { ReadSession } from './read-session.js';
import { numberList } from './read-statements/index.js';

export class MikroOrmNumberListQuery implements NumberListQuery {
  constructor(private readonly reads: ReadSession) {}

  live(projectId: string, page: PageRequest): Promise<Page<PhoneNumber>> {
    return this.page(projectId, true, page);
  }

  all(projectId: string, page: PageRequest): Promise<Page<PhoneNumber>> {
    return this.page(projectId, false, page);
  }

  private async page(projectId: string, liveOnly: boolean, page: PageRequest): Promise<Page<PhoneNumber>> {
    const rows = await this.reads.run(numberList.page, { projectId, liveOnly, limit: page.limit, offset: page.offset });
    return pageFromRows(rows, page.offset, (row) => toPhoneNumber(row.row), () => this.reads.run(numberList.count, { projectId, liveOnly }));
  }
}
