import { Migration } from '@mikro-orm/migrations';

/** Compliance records: a call's opt-out. */
export class Migration20261202130000_compliance extends Migration {
  override up(): void {
    this.addSql('alter table calls add column opt_out boolean not null default false');
  }

  override down(): void {
    this.addSql('alter table calls drop column if exists opt_out');
  }
}
