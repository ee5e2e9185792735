import { Migration } from '@mikro-orm/migrations';

/**
 * The outbox of outbound texts (one row per message whose send is not settled yet, written with
 * the message) and the clients' idempotency keys of `POST /v1/messages` (written with the
 * message too, answered again to a retry).
 */
export class Migration20261202010000_outbound_texts extends Migration {
  override up(): void {
    this.addSql(`create table outbound_texts (
      message_id text primary key,
      project_id text not null,
      attempts integer not null default 0,
      held_until timestamptz not null,
      created_at timestamptz not null
    )`);
    this.addSql('create index outbound_texts_held_until_index on outbound_texts (held_until, created_at, message_id)');
    this.addSql(`create table idempotency_keys (
      project_id text not null,
      key text not null,
      fingerprint text not null,
      message_id text not null,
      answer jsonb,
      created_at timestamptz not null,
      constraint idempotency_keys_pkey primary key (project_id, key)
    )`);
    this.addSql('create index idempotency_keys_message_index on idempotency_keys (message_id)');
    this.addSql('create index idempotency_keys_created_at_index on idempotency_keys (created_at)');
  }

  override down(): void {
    this.addSql('drop table if exists idempotency_keys');
    this.addSql('drop table if exists outbound_texts');
  }
}
