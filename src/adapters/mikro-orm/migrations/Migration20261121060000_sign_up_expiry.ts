import { Migration } from '@mikro-orm/migrations';

/**
 * Unverified sign-ups are deleted a while after their code expired (SignUpSweeper): the
 * sweep finds them by expiry. Partial, so the verified sign-ups that are kept stay out of it.
 */
export class Migration20261121060000_sign_up_expiry extends Migration {
  override up(): void {
    this.addSql(`create index sign_ups_pending_expiry_index on sign_ups (expires_at) where status = 'pending'`);
  }

  override down(): void {
    this.addSql('drop index if exists sign_ups_pending_expiry_index');
  }
}
