import { Migration } from '@mikro-orm/migrations';

/**
 * Campaigns, their recipients (claimed by the engine with SKIP LOCKED and a lease, like webhook
 * deliveries) and each attempt's call; and the do-not-call flag of contacts (an inbound STOP).
 */
export class Migration20261124060000_campaigns extends Migration {
  override up(): void {
    this.addSql(`create table campaigns (
      id text collate "C" primary key,
      project_id text collate "C" not null,
      name text not null,
      agent_id text collate "C" not null,
      status text not null,
      from_number jsonb not null,
      system_prompt text,
      initial_greeting text,
      schedule jsonb not null,
      pacing jsonb not null,
      retry jsonb not null,
      voicemail text not null,
      paused_reason text,
      next_dial_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      started_at timestamptz,
      ended_at timestamptz
    )`);
    this.addSql('create index campaigns_project_created_index on campaigns (project_id, created_at, id)');
    this.addSql(`create index campaigns_active_index on campaigns (status) where status in ('running', 'scheduled')`);
    this.addSql(`create table campaign_recipients (
      id text collate "C" primary key,
      campaign_id text collate "C" not null references campaigns (id) on delete cascade,
      project_id text collate "C" not null,
      phone_number text collate "C" not null,
      contact_id text collate "C",
      variables jsonb not null,
      time_zone text not null,
      status text not null,
      attempts integer not null,
      next_attempt_at timestamptz,
      last_call_id text collate "C",
      last_outcome text,
      skip_reason text,
      locked_until timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint campaign_recipients_campaign_number_unique unique (campaign_id, phone_number)
    )`);
    this.addSql('create index campaign_recipients_list_index on campaign_recipients (campaign_id, created_at, id)');
    // The claim: a campaign's waiting recipients by when they are due.
    this.addSql(`create index campaign_recipients_due_index on campaign_recipients (campaign_id, next_attempt_at, id) where status in ('pending', 'retry_scheduled')`);
    // Calls under way (few): the in-flight count, expired leases and ended calls.
    this.addSql(`create index campaign_recipients_in_progress_index on campaign_recipients (campaign_id, locked_until) where status = 'in_progress'`);
    this.addSql(`create index campaign_recipients_project_number_index on campaign_recipients (project_id, phone_number) where status in ('pending', 'retry_scheduled')`);
    this.addSql(`create table campaign_attempts (
      recipient_id text collate "C" not null references campaign_recipients (id) on delete cascade,
      attempt integer not null,
      call_id text collate "C" not null,
      outcome text,
      started_at timestamptz not null,
      ended_at timestamptz,
      primary key (recipient_id, attempt)
    )`);
    this.addSql('create index campaign_attempts_call_index on campaign_attempts (call_id)');
    this.addSql('alter table contacts add column do_not_call boolean not null default false');
  }

  override down(): void {
    this.addSql('alter table contacts drop column if exists do_not_call');
    this.addSql('drop table if exists campaign_attempts');
    this.addSql('drop table if exists campaign_recipients');
    this.addSql('drop table if exists campaigns');
  }
}
