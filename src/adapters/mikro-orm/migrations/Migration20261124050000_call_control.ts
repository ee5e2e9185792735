import { Migration } from '@mikro-orm/migrations';

/**
 * Call control: an agent's voicemail/silence/duration/transfer settings (one JSON column,
 * null = defaults), a project's concurrent-call cap (null = default), and per call whether
 * answering-machine detection ran and who answered. Old hang-up reasons take their new names.
 */
export class Migration20261124050000_call_control extends Migration {
  override up(): void {
    this.addSql('alter table agents add column call_behaviour jsonb null');
    this.addSql('alter table projects add column max_concurrent_calls integer null');
    this.addSql('alter table calls add column voicemail_detection boolean not null default false');
    this.addSql('alter table calls add column answered_by text null');
    this.addSql('alter table calls add column media_resumes integer null');
    this.addSql("update calls set disconnection_reason = 'caller_hangup' where disconnection_reason = 'user_hangup'");
    this.addSql("update calls set disconnection_reason = 'no_answer' where disconnection_reason = 'no-answer'");
    // Counting a project's live calls (the concurrency cap) reads only calls in progress.
    this.addSql("create index calls_live_project_index on calls (project_id) where status = 'in-progress'");
  }

  override down(): void {
    this.addSql('drop index if exists calls_live_project_index');
    this.addSql('alter table calls drop column if exists media_resumes');
    this.addSql('alter table calls drop column if exists answered_by');
    this.addSql('alter table calls drop column if exists voicemail_detection');
    this.addSql('alter table projects drop column if exists max_concurrent_calls');
    this.addSql('alter table agents drop column if exists call_behaviour');
  }
}
