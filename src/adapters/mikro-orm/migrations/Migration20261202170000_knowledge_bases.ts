import { Migration } from '@mikro-orm/migrations';

/**
 * Knowledge bases, their documents and the documents' passages, each passage searchable by its
 * words (a stored English `tsvector` under a GIN index) and by trigrams (pg_trgm, which PGlite
 * loads as an extension and PostgreSQL ships in its contrib; trusted, so a database owner may
 * create it).
 */
export class Migration20261202170000_knowledge_bases extends Migration {
  override up(): void {
    this.addSql('create extension if not exists pg_trgm');
    this.addSql(`create table knowledge_bases (
      id text primary key,
      project_id text not null,
      name text not null,
      description text,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql('create index knowledge_bases_project_index on knowledge_bases (project_id, created_at, id)');
    this.addSql(`create table knowledge_documents (
      id text primary key,
      project_id text not null,
      knowledge_base_id text not null references knowledge_bases (id) on delete cascade,
      title text not null,
      format text not null check (format in ('text', 'markdown', 'html', 'url')),
      source_url text,
      content text not null,
      chunk_count integer not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql('create index knowledge_documents_base_index on knowledge_documents (knowledge_base_id, created_at, id)');
    this.addSql(`create table knowledge_chunks (
      document_id text not null references knowledge_documents (id) on delete cascade,
      knowledge_base_id text not null,
      project_id text not null,
      position integer not null,
      heading text,
      content text not null,
      search tsvector generated always as (
        setweight(to_tsvector('english', coalesce(heading, '')), 'A') || setweight(to_tsvector('english', content), 'B')
      ) stored,
      constraint knowledge_chunks_pkey primary key (document_id, position)
    )`);
    this.addSql('create index knowledge_chunks_base_index on knowledge_chunks (knowledge_base_id)');
    this.addSql('create index knowledge_chunks_search_index on knowledge_chunks using gin (search)');
    this.addSql(`alter table agents add column knowledge_base_ids jsonb not null default '[]'::jsonb`);
    this.addSql('alter table transcript_turns add column sources jsonb null');
  }

  override down(): void {
    this.addSql('alter table transcript_turns drop column if exists sources');
    this.addSql('alter table agents drop column if exists knowledge_base_ids');
    this.addSql('drop table if exists knowledge_chunks');
    this.addSql('drop table if exists knowledge_documents');
    this.addSql('drop table if exists knowledge_bases');
  }
}
