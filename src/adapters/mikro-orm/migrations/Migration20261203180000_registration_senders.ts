import { Migration } from '@mikro-orm/migrations';

/**
 * The numbers in a registration's sender pool. Registrations stored before start with none
 * recorded: the next status read puts the project's numbers in (the carrier takes a number
 * already there as done).
 */
export class Migration20261203180000_registration_senders extends Migration {
  override up(): void {
    this.addSql(`alter table messaging_registrations add column senders jsonb not null default '[]'::jsonb`);
  }

  override down(): void {
    this.addSql('alter table messaging_registrations drop column if exists senders');
  }
}
