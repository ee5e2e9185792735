import { Migration } from '@mikro-orm/migrations';

/** Agents' MCP servers and handoffs, and each call's handoffs from one agent to the next. */
export class Migration20261203130000_agent_links extends Migration {
  override up(): void {
    this.addSql(`alter table agents add column if not exists mcp_servers jsonb not null default '[]'::jsonb`);
    this.addSql(`alter table agents add column if not exists handoffs jsonb not null default '[]'::jsonb`);
    this.addSql(`alter table calls add column if not exists handoffs jsonb not null default '[]'::jsonb`);
  }

  override down(): void {
    this.addSql('alter table calls drop column if exists handoffs');
    this.addSql('alter table agents drop column if exists handoffs');
    this.addSql('alter table agents drop column if exists mcp_servers');
  }
}
