import type { EntityManager } from '@mikro-orm/postgresql';
import type { ClaimedPassage, KnowledgeBaseRepository, KnowledgeDocumentRepository } from '../../application/ports/knowledge-repositories.js';
import type { PassageVector } from '../../application/ports/vector-index.js';
import { arrayLiteralOf, vectorOf } from './real-arrays.js';
import type { Page, PageRequest } from '../../application/ports/pagination.js';
import type { KnowledgeBase, KnowledgeChunk, KnowledgeDocument } from '../../domain/knowledge-base.js';
import { KnowledgeBaseSchema, KnowledgeDocumentSchema } from './entities/knowledge-base.js';
import { runSelect, runWrite } from './native-select.js';
import { ormDelete, ormUpsert } from './orm-writes.js';
import { dateOf } from './storage-support.js';

const PREPARED = { prepare: true } as const;
const READ = { prepare: true, effect: 'read' } as const;
const BASE_COLUMNS = 'id, project_id, name, description, created_at, updated_at';
const DOCUMENT_COLUMNS = 'id, project_id, knowledge_base_id, title, format, source_url, content, chunk_count, created_at, updated_at';

type Row = Record<string, unknown>;

const toKnowledgeBase = (row: Row): KnowledgeBase => ({
  id: row.id as string,
  projectId: row.project_id as string,
  name: row.name as string,
  description: (row.description as string | null) ?? null,
  createdAt: dateOf(row.created_at)!,
  updatedAt: dateOf(row.updated_at)!,
});

const toDocument = (row: Row): KnowledgeDocument => ({
  id: row.id as string,
  projectId: row.project_id as string,
  knowledgeBaseId: row.knowledge_base_id as string,
  title: row.title as string,
  format: row.format as KnowledgeDocument['format'],
  sourceUrl: (row.source_url as string | null) ?? null,
  content: row.content as string,
  chunkCount: Number(row.chunk_count),
  createdAt: dateOf(row.created_at)!,
  updatedAt: dateOf(row.updated_at)!,
});

/** A page of rows carrying `count(*) over ()`, and the total counted apart when the page is past the end. */
const paged = async <T>(em: EntityManager, rows: Row[], page: PageRequest, countSql: string, params: readonly unknown[], to: (row: Row) => T): Promise<Page<T>> => {
  if (rows.length === 0 && page.offset > 0) {
    const [counted] = await runSelect(em, countSql, params, READ);
    return { items: [], total: Number(counted?.total ?? 0) };
  }
  return { items: rows.map(to), total: Number(rows[0]?.total ?? 0) };
};

/** Knowledge bases in `knowledge_bases`; deleting one cascades to its documents and passages. */
export class MikroOrmKnowledgeBaseRepository implements KnowledgeBaseRepository {
  constructor(private readonly em: EntityManager) {}

  async findById(projectId: string, id: string): Promise<KnowledgeBase | null> {
    const [row] = await runSelect(this.em, `select ${BASE_COLUMNS} from knowledge_bases where project_id = ? and id = ?`, [projectId, id], READ);
    return row ? toKnowledgeBase(row) : null;
  }

  async findMany(projectId: string, ids: readonly string[]): Promise<readonly KnowledgeBase[]> {
    if (ids.length === 0) return [];
    const rows = await runSelect(
      this.em,
      `select ${BASE_COLUMNS} from knowledge_bases where project_id = ? and id in (select jsonb_array_elements_text(?::jsonb))`,
      [projectId, JSON.stringify([...new Set(ids)])],
      READ,
    );
    return rows.map(toKnowledgeBase);
  }

  async list(projectId: string, page: PageRequest): Promise<Page<KnowledgeBase>> {
    const rows = await runSelect(
      this.em,
      `select ${BASE_COLUMNS}, count(*) over () as total from knowledge_bases where project_id = ? order by created_at, id limit ? offset ?`,
      [projectId, page.limit, page.offset],
      READ,
    );
    return paged(this.em, rows, page, 'select count(*) as total from knowledge_bases where project_id = ?', [projectId], toKnowledgeBase);
  }

  async count(projectId: string): Promise<number> {
    const [row] = await runSelect(this.em, 'select count(*) as total from knowledge_bases where project_id = ?', [projectId], READ);
    return Number(row?.total ?? 0);
  }

  async save(kb: KnowledgeBase): Promise<void> {
    await ormUpsert(this.em, KnowledgeBaseSchema, { ...kb });
  }

  /** Its documents and their passages go with it (`on delete cascade`). */
  async delete(projectId: string, id: string): Promise<void> {
    await ormDelete(this.em, KnowledgeBaseSchema, { projectId, id });
  }
}

/** Documents in `knowledge_documents`, their passages in `knowledge_chunks` (indexed as they are written). */
export class MikroOrmKnowledgeDocumentRepository implements KnowledgeDocumentRepository {
  constructor(private readonly em: EntityManager) {}

  async findById(projectId: string, knowledgeBaseId: string, id: string): Promise<KnowledgeDocument | null> {
    const [row] = await runSelect(
      this.em,
      `select ${DOCUMENT_COLUMNS} from knowledge_documents where project_id = ? and knowledge_base_id = ? and id = ?`,
      [projectId, knowledgeBaseId, id],
      READ,
    );
    return row ? toDocument(row) : null;
  }

  async list(projectId: string, knowledgeBaseId: string, page: PageRequest): Promise<Page<KnowledgeDocument>> {
    const rows = await runSelect(
      this.em,
      `select ${DOCUMENT_COLUMNS}, count(*) over () as total from knowledge_documents
       where project_id = ? and knowledge_base_id = ? order by created_at, id limit ? offset ?`,
      [projectId, knowledgeBaseId, page.limit, page.offset],
      READ,
    );
    const countSql = 'select count(*) as total from knowledge_documents where project_id = ? and knowledge_base_id = ?';
    return paged(this.em, rows, page, countSql, [projectId, knowledgeBaseId], toDocument);
  }

  async count(projectId: string, knowledgeBaseId: string): Promise<number> {
    const [row] = await runSelect(this.em, 'select count(*) as total from knowledge_documents where project_id = ? and knowledge_base_id = ?', [projectId, knowledgeBaseId], READ);
    return Number(row?.total ?? 0);
  }

  /** The document through MikroORM on the unit's transaction (see orm-writes.ts), its passages replaced with native statements. */
  async save(d: KnowledgeDocument, chunks: readonly KnowledgeChunk[]): Promise<void> {
    await ormUpsert(this.em, KnowledgeDocumentSchema, { ...d });
    await runSelect(this.em, 'delete from knowledge_chunks where document_id = ? returning position', [d.id], PREPARED);
    if (chunks.length === 0) return;
    // One statement for every passage, the rows as one JSON array: a document has up to a few hundred.
    await runWrite(
      this.em,
      `insert into knowledge_chunks (document_id, knowledge_base_id, project_id, position, heading, content)
       select ?, ?, ?, c.position, c.heading, c.content
       from jsonb_to_recordset(?::jsonb) as c(position integer, heading text, content text)`,
      [d.id, d.knowledgeBaseId, d.projectId, JSON.stringify(chunks.map((c) => ({ position: c.position, heading: c.heading, content: c.content })))],
    );
  }

  /** Its passages go with it (the foreign key cascades). */
  async delete(projectId: string, knowledgeBaseId: string, id: string): Promise<void> {
    await ormDelete(this.em, KnowledgeDocumentSchema, { projectId, knowledgeBaseId, id });
  }

  async claimUnembedded(model: string, limit: number, now: Date, staleBefore: Date): Promise<readonly ClaimedPassage[]> {
    // SKIP LOCKED: embedders on several nodes claim different passages rather than wait for each other.
    const rows = await runSelect(
      this.em,
      `update knowledge_chunks c set embedding_claimed_at = ?
       from (select k.document_id, k.position from knowledge_chunks k join knowledge_documents d on d.id = k.document_id
             where (k.embedding is null or k.embedding_model is distinct from ?) and (k.embedding_claimed_at is null or k.embedding_claimed_at <= ?)
             order by d.created_at, d.id, k.position limit ? for update of k skip locked) p
       where c.document_id = p.document_id and c.position = p.position
       returning c.knowledge_base_id, c.document_id, c.position, coalesce(c.heading || E'\n', '') || c.content as text`,
      [now.toISOString(), model, staleBefore.toISOString(), limit],
      PREPARED,
    );
    return rows
      .map((r) => ({ knowledgeBaseId: String(r.knowledge_base_id), documentId: String(r.document_id), position: Number(r.position), text: String(r.text) }))
      .sort((a, b) => a.documentId.localeCompare(b.documentId) || a.position - b.position);
  }

  async storeVectors(model: string, claimedAt: Date, vectors: readonly PassageVector[]): Promise<void> {
    if (vectors.length === 0) return;
    await runWrite(
      this.em,
      `update knowledge_chunks c set embedding = v.embedding::real[], embedding_model = ?
       from jsonb_to_recordset(?::jsonb) as v(document_id text, position integer, embedding text)
       where c.document_id = v.document_id and c.position = v.position and c.embedding_claimed_at = ?`,
      [model, JSON.stringify(vectors.map((v) => ({ document_id: v.documentId, position: v.position, embedding: arrayLiteralOf(v.vector) }))), claimedAt.toISOString()],
    );
  }

  async vectorsOf(model: string, documentId: string | null): Promise<readonly PassageVector[]> {
    const rows = await runSelect(
      this.em,
      `select knowledge_base_id, document_id, position, embedding::text as embedding from knowledge_chunks
       where embedding_model = ? and embedding is not null and (?::text is null or document_id = ?)`,
      [model, documentId, documentId],
      READ,
    );
    return rows.map((r) => ({ knowledgeBaseId: String(r.knowledge_base_id), documentId: String(r.document_id), position: Number(r.position), vector: vectorOf(String(r.embedding)) }));
  }
}
