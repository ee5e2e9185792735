import { Migration } from '@mikro-orm/migrations';

/** An agent's conversation settings (turn-taking, transcription, languages) and each call's own copy of them. */
export class Migration20261202140000_conversation_settings extends Migration {
  override up(): void {
    this.addSql('alter table agents add column if not exists conversation jsonb null');
    this.addSql('alter table calls add column if not exists conversation jsonb null');
    this.addSql('alter table transcript_turns add column if not exists language text null');
  }

  override down(): void {
    this.addSql('alter table transcript_turns drop column if exists language');
    this.addSql('alter table calls drop column if exists conversation');
    this.addSql('alter table agents drop column if exists conversation');
  }
}
