import { Migration } from '@mikro-orm/migrations';

/** Webhooks, the delivery outbox/log and its attempt rows. */
export class Migration20261121020000_webhooks extends Migration {
  override up(): void {
    this.addSql(`create table webhooks (
      id text collate "C" primary key,
      project_id text not null,
      agent_id text collate "C" null,
      url text not null,
      secret text not null,
      context_limit integer not null,
      timeout_seconds integer not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    // One per agent and one account default (agent_id null) per project.
    this.addSql(
      `create unique index webhooks_project_agent_unique on webhooks (project_id, coalesce(agent_id, ''))`,
    );

    this.addSql(`create table webhook_deliveries (
      id text collate "C" primary key,
      project_id text not null,
      webhook_id text not null,
      agent_id text collate "C" null,
      event_type text not null,
      channel text null,
      message_id text null,
      call_id text null,
      body text not null,
      status text not null,
      attempt_count integer not null,
      http_status integer null,
      error_message text null,
      response_body text null,
      last_attempt_at timestamptz null,
      next_retry_at timestamptz null,
      locked_until timestamptz null,
      created_at timestamptz not null
    )`);
    // The dispatcher's claim: pending rows by due time.
    this.addSql('create index webhook_deliveries_due_index on webhook_deliveries (status, next_retry_at)');
    this.addSql(
      'create index webhook_deliveries_project_created_index on webhook_deliveries (project_id, created_at, id)',
    );
    this.addSql(
      'create index webhook_deliveries_agent_created_index on webhook_deliveries (agent_id, created_at, id)',
    );

    // The primary key makes a second "attempt n" of one delivery impossible, whoever writes it.
    this.addSql(`create table webhook_delivery_attempts (
      delivery_id text collate "C" not null,
      attempt integer not null,
      attempted_at timestamptz not null,
      http_status integer null,
      error_message text null,
      duration_ms integer not null,
      constraint webhook_delivery_attempts_pkey primary key (delivery_id, attempt),
      constraint webhook_delivery_attempts_delivery_foreign foreign key (delivery_id)
        references webhook_deliveries (id) on delete cascade
    )`);
  }

  override down(): void {
    for (const table of ['webhook_delivery_attempts', 'webhook_deliveries', 'webhooks']) {
      this.addSql(`drop table if exists ${table}`);
    }
  }
}
