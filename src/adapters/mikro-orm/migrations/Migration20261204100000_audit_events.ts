import { Migration } from '@mikro-orm/migrations';

/** The compliance audit trail: one row per suppression change, consent change or refused attempt, never updated. */
export class Migration20261204100000_audit_events extends Migration {
  override up(): void {
    this.addSql(`create table audit_events (
      id text primary key,
      project_id text not null,
      occurred_at timestamptz not null,
      kind text not null,
      phone_number text not null,
      channel text not null,
      actor jsonb not null,
      reason text,
      details jsonb not null
    )`);
    this.addSql('create index audit_events_project_occurred_index on audit_events (project_id, occurred_at desc, id desc)');
  }

  override down(): void {
    this.addSql('drop table if exists audit_events');
  }
}
