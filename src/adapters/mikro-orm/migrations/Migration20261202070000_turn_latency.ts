import { Migration } from '@mikro-orm/migrations';

/** How long each of the agent's answers took, from the caller's words (first token, first text, tools). */
export class Migration20261202070000_turn_latency extends Migration {
  override up(): void {
    this.addSql('alter table transcript_turns add column latency jsonb null');
  }

  override down(): void {
    this.addSql('alter table transcript_turns drop column if exists latency');
  }
}
