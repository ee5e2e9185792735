import { Migration } from '@mikro-orm/migrations';

/**
 * A live call handed from a stopping node to another: the hand-over whose first session has let
 * go of the call (its turns stored), so the next session may read them and take the call on.
 */
export class Migration20261203160000_call_hand_over extends Migration {
  override up(): void {
    this.addSql('alter table calls add column media_released integer null');
  }

  override down(): void {
    this.addSql('alter table calls drop column if exists media_released');
  }
}
