import { Migration } from '@mikro-orm/migrations';

/**
 * A trigram index over each passage's heading and text, the expression the search compares the
 * query's words with: near-miss spellings are then found through the index instead of by
 * measuring every passage of a base.
 */
export class Migration20261203190000_knowledge_trigram_index extends Migration {
  override up(): void {
    this.addSql(
      `create index knowledge_chunks_trigram_index on knowledge_chunks using gin ((coalesce(heading, '') || ' ' || content) gin_trgm_ops)`,
    );
  }

  override down(): void {
    this.addSql('drop index if exists knowledge_chunks_trigram_index');
  }
}
