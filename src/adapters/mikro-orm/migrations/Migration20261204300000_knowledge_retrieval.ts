import { Migration } from '@mikro-orm/migrations';

/** How each agent reaches its knowledge bases: by its search tool (every agent so far) or before each answer. */
export class Migration20261204300000_knowledge_retrieval extends Migration {
  override up(): void {
    this.addSql(`alter table agents add column if not exists knowledge_retrieval text not null default 'tool'`);
  }

  override down(): void {
    this.addSql('alter table agents drop column if exists knowledge_retrieval');
  }
}
