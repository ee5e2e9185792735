import { Migration } from '@mikro-orm/migrations';

/** Compliance records: a call's opt-out, a contact's consent per channel, the consent a campaign requires. */
export class Migration20261202130000_compliance extends Migration {
  override up(): void {
    this.addSql('alter table calls add column opt_out boolean not null default false');
    this.addSql('alter table campaigns add column require_consent text');
    this.addSql(`create index calls_outbound_to_index on calls (project_id, to_number, started_at) where direction = 'outbound'`);
    this.addSql(`alter table contacts add column consent jsonb not null default '{"voice": null, "sms": null}'::jsonb`);
  }

  override down(): void {
    this.addSql('alter table contacts drop column if exists consent');
    this.addSql('alter table campaigns drop column if exists require_consent');
    this.addSql('drop index if exists calls_outbound_to_index');
    this.addSql('alter table calls drop column if exists opt_out');
  }
}
