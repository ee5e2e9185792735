import { Migration } from '@mikro-orm/migrations';

/**
 * What a recorded call said before its greeting because it was recorded. Calls stored before
 * say null: no disclosure of Switchboard's own was said on them.
 */
export class Migration20261204200000_recording_disclosure extends Migration {
  override up(): void {
    this.addSql('alter table calls add column recording_disclosure text null');
  }

  override down(): void {
    this.addSql('alter table calls drop column if exists recording_disclosure');
  }
}
