import { Migration } from '@mikro-orm/migrations';

/**
 * Scenario tests kept with their agents (gone with the agent), and the runs of them: a run
 * keeps its record, results included, after its agent or tests are deleted.
 */
export class Migration20261203100000_agent_tests extends Migration {
  override up(): void {
    this.addSql(`create table agent_tests (
      id text primary key,
      project_id text not null,
      agent_id text not null references agents (id) on delete cascade,
      name text not null,
      scenario jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql('create index agent_tests_agent_index on agent_tests (project_id, agent_id, created_at, id)');
    this.addSql(`create table test_runs (
      id text primary key,
      project_id text not null,
      agent_id text not null,
      status text not null check (status in ('queued', 'running', 'completed', 'cancelled')),
      test_ids jsonb not null,
      seed bigint not null,
      results jsonb not null,
      cancel_reason text,
      created_at timestamptz not null,
      started_at timestamptz,
      completed_at timestamptz
    )`);
    this.addSql('create index test_runs_project_index on test_runs (project_id, created_at desc, id desc)');
    this.addSql(`create index test_runs_active_index on test_runs (project_id) where status in ('queued', 'running')`);
  }

  override down(): void {
    this.addSql('drop table if exists test_runs');
    this.addSql('drop table if exists agent_tests');
  }
}
