import { Migration } from '@mikro-orm/migrations';

/**
 * An agent's live numbers, oldest first, straight from an index: the agents' reads carry them
 * beside each agent (one lookup per listed agent). Without it PostgreSQL found them through the
 * live-number index and a bitmap heap scan per agent, and each such scan asks the table's size
 * first: a system call per listed agent on the embedded store, about a sixth of its agent list.
 * `phone_numbers_agent_id_index` stays for the foreign key (numbers of any status).
 */
export class Migration20261124080000_agent_live_numbers extends Migration {
  override up(): void {
    this.addSql(`create index phone_numbers_agent_live_index on phone_numbers (agent_id, created_at, id) where status = 'active'`);
  }

  override down(): void {
    this.addSql('drop index if exists phone_numbers_agent_live_index');
  }
}
