import { Migration } from '@mikro-orm/migrations';

/** SMS conversations (one per number and participant) and their messages. */
export class Migration20261121030000_messaging extends Migration {
  override up(): void {
    this.addSql(`create table conversations (
      id text collate "C" primary key,
      project_id text not null,
      agent_id text collate "C" null,
      phone_number_id text collate "C" not null,
      phone_number text not null,
      participant text not null,
      channel text not null,
      last_message_at timestamptz not null,
      last_message_preview text not null,
      message_count integer not null,
      state jsonb null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint conversations_thread_unique unique (phone_number_id, participant),
      constraint conversations_agent_id_foreign foreign key (agent_id) references agents (id) on delete set null,
      constraint conversations_phone_number_id_foreign foreign key (phone_number_id) references phone_numbers (id)
    )`);
    this.addSql(
      'create index conversations_project_last_message_index on conversations (project_id, last_message_at desc, id desc)',
    );
    this.addSql(
      'create index conversations_agent_last_message_index on conversations (agent_id, last_message_at desc, id desc)',
    );

    this.addSql(`create table messages (
      id text collate "C" primary key,
      project_id text not null,
      conversation_id text collate "C" not null,
      phone_number_id text collate "C" not null,
      direction text not null,
      channel text not null,
      body text not null,
      from_number text not null,
      to_number text not null,
      status text not null,
      media_urls jsonb not null,
      provider_message_id text null,
      error_code text null,
      received_at timestamptz not null,
      constraint messages_conversation_id_foreign foreign key (conversation_id) references conversations (id),
      constraint messages_phone_number_id_foreign foreign key (phone_number_id) references phone_numbers (id)
    )`);
    // A carrier id is stored once: a webhook Twilio repeats finds the first copy.
    this.addSql(
      'create unique index messages_provider_message_id_unique on messages (provider_message_id) where provider_message_id is not null',
    );
    // receivedAt is the list cursor: distinct per number (hence per conversation), and this
    // index serves GET /v1/numbers/{id}/messages.
    this.addSql(
      'create unique index messages_number_received_unique on messages (phone_number_id, received_at desc)',
    );
    this.addSql(
      'create index messages_conversation_received_index on messages (conversation_id, received_at desc, id desc)',
    );
  }

  override down(): void {
    this.addSql('drop table if exists messages');
    this.addSql('drop table if exists conversations');
  }
}
