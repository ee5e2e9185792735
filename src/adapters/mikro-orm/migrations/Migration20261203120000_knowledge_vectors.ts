import { Migration } from '@mikro-orm/migrations';

/**
 * PDF documents, and each passage's vector from the embedding model: a `real[]` (neither PGlite
 * nor a stock PostgreSQL has pgvector) with the model that made it, and when an embedder last
 * claimed the passage, so that a node that fails or dies leaves it to the next attempt.
 */
export class Migration20261203120000_knowledge_vectors extends Migration {
  override up(): void {
    this.addSql('alter table knowledge_documents drop constraint if exists knowledge_documents_format_check');
    this.addSql(`alter table knowledge_documents add constraint knowledge_documents_format_check check (format in ('text', 'markdown', 'html', 'pdf', 'url'))`);
    this.addSql('alter table knowledge_chunks add column embedding real[] null');
    this.addSql('alter table knowledge_chunks add column embedding_model text null');
    this.addSql('alter table knowledge_chunks add column embedding_claimed_at timestamptz null');
  }

  override down(): void {
    this.addSql('alter table knowledge_chunks drop column if exists embedding_claimed_at');
    this.addSql('alter table knowledge_chunks drop column if exists embedding_model');
    this.addSql('alter table knowledge_chunks drop column if exists embedding');
    this.addSql(`delete from knowledge_documents where format = 'pdf'`);
    this.addSql('alter table knowledge_documents drop constraint if exists knowledge_documents_format_check');
    this.addSql(`alter table knowledge_documents add constraint knowledge_documents_format_check check (format in ('text', 'markdown', 'html', 'url'))`);
  }
}
