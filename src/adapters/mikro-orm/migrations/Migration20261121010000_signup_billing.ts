import { Migration } from '@mikro-orm/migrations';

/**
 * Self-signup verifications, and billing periods on the ledger: a monthly charge records the
 * end of the month it pays for, which is how renewals know what is due.
 */
export class Migration20261121010000_signup_billing extends Migration {
  override up(): void {
    this.addSql(`create table sign_ups (
      id text collate "C" primary key,
      email text not null,
      agent_name text null,
      code_hash text not null,
      attempts integer not null,
      expires_at timestamptz not null,
      status text not null,
      project_id text null,
      created_at timestamptz not null,
      verified_at timestamptz null
    )`);
    this.addSql('create index sign_ups_email_index on sign_ups (email)');

    this.addSql('alter table ledger_entries add column period_end timestamptz null');
    this.addSql('alter table ledger_entries add column note text null');
    // Numbers provisioned before periods were recorded: their first month ran from provisioning.
    this.addSql(
      `update ledger_entries set period_end = created_at + interval '1 month' where reason = 'number_first_month'`,
    );
    this.addSql('create index ledger_entries_resource_index on ledger_entries (project_id, resource_id)');
  }

  override down(): void {
    this.addSql('drop index if exists ledger_entries_resource_index');
    this.addSql('alter table ledger_entries drop column if exists note');
    this.addSql('alter table ledger_entries drop column if exists period_end');
    this.addSql('drop table if exists sign_ups');
  }
}
