import { Migration } from '@mikro-orm/migrations';

/** A project's own outbound settings: its attempt cap and the default calling window of its API-placed calls. */
export class Migration20261203140000_outbound_settings extends Migration {
  override up(): void {
    this.addSql('alter table projects add column outbound_settings jsonb null');
  }

  override down(): void {
    this.addSql('alter table projects drop column if exists outbound_settings');
  }
}
