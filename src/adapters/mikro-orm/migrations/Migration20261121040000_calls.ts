import { Migration } from '@mikro-orm/migrations';

/** Calls, their transcript turns, and the overflow table of the PostgreSQL event bus. */
export class Migration20261121040000_calls extends Migration {
  override up(): void {
    this.addSql(`create table calls (
      id text collate "C" primary key,
      project_id text not null,
      agent_id text collate "C" null,
      phone_number_id text null,
      from_number text not null,
      to_number text not null,
      direction text not null,
      type text not null,
      status text not null,
      started_at timestamptz not null,
      ended_at timestamptz null,
      duration_seconds integer null,
      disconnection_reason text null,
      provider_call_id text null,
      recording_url text null,
      recording_available boolean not null default false,
      voice_mode text not null,
      greeting text not null,
      voice text not null,
      language text not null,
      system_prompt text null,
      metadata jsonb null,
      last_transcript_snippet text null
    )`);
    this.addSql('create index calls_project_started_index on calls (project_id, started_at, id)');
    this.addSql('create index calls_agent_started_index on calls (agent_id, started_at, id)');
    this.addSql('create index calls_provider_call_id_index on calls (provider_call_id)');

    this.addSql(`create table transcript_turns (
      id text collate "C" primary key,
      call_id text collate "C" not null,
      sequence integer not null,
      role text not null,
      content text not null,
      interrupted boolean not null default false,
      created_at timestamptz not null,
      constraint transcript_turns_call_sequence_unique unique (call_id, sequence),
      constraint transcript_turns_call_foreign foreign key (call_id) references calls (id) on delete cascade
    )`);

    // NOTIFY payloads are limited to 8000 bytes: a larger event travels by reference through here.
    this.addSql(`create table event_bus_payloads (
      id text collate "C" primary key,
      payload text not null,
      created_at timestamptz not null default now()
    )`);
  }

  override down(): void {
    for (const table of ['event_bus_payloads', 'transcript_turns', 'calls']) this.addSql(`drop table if exists ${table}`);
  }
}
