import { Migration } from '@mikro-orm/migrations';

/**
 * A2P 10DLC registrations, one per project (the last one submitted): the business and campaign
 * as submitted (jsonb), where the carrier stands, and the carrier's ids of what it made.
 */
export class Migration20261202120000_messaging_registrations extends Migration {
  override up(): void {
    this.addSql(`create table messaging_registrations (
      project_id text collate "C" primary key,
      registrar text not null,
      status text not null check (status in ('pending', 'approved', 'failed')),
      brand jsonb not null,
      campaign jsonb not null,
      brand_status text,
      campaign_status text,
      failure_reason text,
      carrier_references jsonb not null,
      submitted_at timestamptz not null,
      checked_at timestamptz not null
    )`);
  }

  override down(): void {
    this.addSql('drop table if exists messaging_registrations');
  }
}
