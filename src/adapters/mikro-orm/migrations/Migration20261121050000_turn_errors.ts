import { Migration } from '@mikro-orm/migrations';

/** Why the agent could not answer on a turn (hosted mode's apology names the model's failure). */
export class Migration20261121050000_turn_errors extends Migration {
  override up(): void {
    this.addSql('alter table transcript_turns add column error text null');
  }

  override down(): void {
    this.addSql('alter table transcript_turns drop column if exists error');
  }
}
