import { Migration } from '@mikro-orm/migrations';

/** Projects, API keys, agents, phone numbers, contacts and the balance ledger. */
export class Migration20261121000000_foundation extends Migration {
  override up(): void {
    // Ids are time-sortable and break ties in list order: compare them bytewise whatever the
    // database's collation, as the in-memory adapter does.
    this.addSql(`create table projects (
      id text collate "C" primary key,
      email text not null,
      name text not null,
      status text not null,
      number_limit integer not null,
      recording_enabled boolean not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint projects_email_unique unique (email)
    )`);

    this.addSql(`create table api_keys (
      id text collate "C" primary key,
      project_id text not null,
      prefix text not null,
      hash text not null,
      name text null,
      created_at timestamptz not null,
      revoked_at timestamptz null,
      last_used_at timestamptz null,
      constraint api_keys_hash_unique unique (hash)
    )`);
    this.addSql('create index api_keys_project_id_index on api_keys (project_id)');

    this.addSql(`create table agents (
      id text collate "C" primary key,
      project_id text not null,
      name text not null,
      description text null,
      voice_mode text not null,
      system_prompt text null,
      greeting text null,
      voice text not null,
      transfer_number text null,
      language text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql('create index agents_project_created_index on agents (project_id, created_at, id)');

    this.addSql(`create table phone_numbers (
      id text collate "C" primary key,
      project_id text not null,
      phone_number text not null,
      country text not null,
      status text not null,
      agent_id text collate "C" null,
      provider_id text not null,
      created_at timestamptz not null,
      released_at timestamptz null,
      constraint phone_numbers_agent_id_foreign foreign key (agent_id) references agents (id) on delete set null
    )`);
    // A released number may be bought again later, by anyone: only live numbers are unique.
    this.addSql(
      `create unique index phone_numbers_live_unique on phone_numbers (phone_number) where status = 'active'`,
    );
    this.addSql(
      'create index phone_numbers_project_created_index on phone_numbers (project_id, created_at, id)',
    );
    this.addSql('create index phone_numbers_agent_id_index on phone_numbers (agent_id)');

    this.addSql(`create table contacts (
      id text collate "C" primary key,
      project_id text not null,
      name text not null,
      phone_number text not null,
      email text null,
      notes text null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint contacts_project_phone_unique unique (project_id, phone_number)
    )`);
    this.addSql('create index contacts_project_created_index on contacts (project_id, created_at, id)');

    this.addSql(`create table ledger_entries (
      id text collate "C" primary key,
      project_id text not null,
      amount_cents integer not null,
      reason text not null,
      resource_id text null,
      created_at timestamptz not null
    )`);
    this.addSql(
      'create index ledger_entries_project_created_index on ledger_entries (project_id, created_at, id)',
    );
  }

  override down(): void {
    for (const table of ['ledger_entries', 'contacts', 'phone_numbers', 'agents', 'api_keys', 'projects']) {
      this.addSql(`drop table if exists ${table}`);
    }
  }
}
