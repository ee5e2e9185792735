import { Migration } from '@mikro-orm/migrations';

/**
 * When a call's media stream (its relay socket) connected. Set once, by a conditional update,
 * so a replayed socket URL cannot take a live call over on any node.
 */
export class Migration20261121073000_call_media_connected extends Migration {
  override up(): void {
    this.addSql('alter table calls add column media_connected_at timestamptz null');
  }

  override down(): void {
    this.addSql('alter table calls drop column if exists media_connected_at');
  }
}
