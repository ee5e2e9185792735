import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebCallCredentialRepository, WebCallCredentials } from '../../application/ports/web-call-credentials.js';
import { WebCallCredentialsSchema, type WebCallCredentialsRow } from './entities/web-call-credentials.js';
import { runSelect } from './native-select.js';
import { findRow, upsertRowOn } from './storage-support.js';

const toCredentials = (row: WebCallCredentialsRow): WebCallCredentials => ({ ...row });

export class MikroOrmWebCallCredentialRepository implements WebCallCredentialRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * A transaction-scoped advisory lock: before an account's first set there is no row to lock.
   * Keyed `hashtext('web_call_credentials:' || account)`, released by commit or rollback.
   */
  async lock(account: string): Promise<void> {
    await runSelect(this.em, `select pg_advisory_xact_lock(hashtext('web_call_credentials:' || ?::text))`, [account], { prepare: false });
  }

  async find(account: string): Promise<WebCallCredentials | null> {
    const row = await findRow(this.em, WebCallCredentialsSchema, { account });
    return row && toCredentials(row);
  }

  async save(credentials: WebCallCredentials): Promise<void> {
    const row: WebCallCredentialsRow = { ...credentials };
    await upsertRowOn(this.em, WebCallCredentialsSchema, row, 'account');
  }
}
