import { Migration } from '@mikro-orm/migrations';

/** The suppression list: one row per project, number and channel that must not be called or texted. */
export class Migration20261202090000_suppressions extends Migration {
  override up(): void {
    this.addSql(`create table suppressions (
      project_id text not null,
      phone_number text not null,
      channel text not null check (channel in ('voice', 'sms', 'all')),
      reason text,
      source text not null,
      created_at timestamptz not null,
      constraint suppressions_pkey primary key (project_id, phone_number, channel)
    )`);
    this.addSql('create index suppressions_project_created_index on suppressions (project_id, created_at desc)');
  }

  override down(): void {
    this.addSql('drop table if exists suppressions');
  }
}
