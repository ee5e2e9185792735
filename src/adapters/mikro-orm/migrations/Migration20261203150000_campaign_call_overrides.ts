import { Migration } from '@mikro-orm/migrations';

/** A campaign's own language, voice and turn-taking for each of its calls, over its agent's. */
export class Migration20261203150000_campaign_call_overrides extends Migration {
  override up(): void {
    this.addSql('alter table campaigns add column if not exists call_overrides jsonb null');
  }

  override down(): void {
    this.addSql('alter table campaigns drop column if exists call_overrides');
  }
}
