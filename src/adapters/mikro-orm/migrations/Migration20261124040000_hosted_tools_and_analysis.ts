import { Migration } from '@mikro-orm/migrations';

/**
 * Hosted agents that act and report: an agent's custom HTTP tools and analysis settings, a
 * call's `{{variables}}`, tool turns on the transcript, and the post-call analysis jobs.
 */
export class Migration20261124040000_hosted_tools_and_analysis extends Migration {
  override up(): void {
    this.addSql(`alter table agents add column custom_tools jsonb not null default '[]'::jsonb`);
    this.addSql('alter table agents add column analysis boolean not null default false');
    this.addSql('alter table agents add column analysis_schema jsonb null');
    this.addSql('alter table agents add column success_criteria text null');
    this.addSql(`alter table calls add column variables jsonb not null default '{}'::jsonb`);
    this.addSql('alter table transcript_turns add column tool jsonb null');
    this.addSql(`create table call_analyses (
      id text primary key,
      project_id text not null,
      status text not null,
      attempts integer not null,
      next_attempt_at timestamptz null,
      result jsonb null,
      error text null,
      created_at timestamptz not null,
      completed_at timestamptz null)`);
    this.addSql('create index call_analyses_due_index on call_analyses (status, next_attempt_at)');
  }

  override down(): void {
    this.addSql('drop table if exists call_analyses');
    this.addSql('alter table transcript_turns drop column if exists tool');
    this.addSql('alter table calls drop column if exists variables');
    this.addSql('alter table agents drop column if exists success_criteria');
    this.addSql('alter table agents drop column if exists analysis_schema');
    this.addSql('alter table agents drop column if exists analysis');
    this.addSql('alter table agents drop column if exists custom_tools');
  }
}
