import type { AddDocument } from './knowledge/add-document.js';
import type { CreateKnowledgeBase } from './knowledge/create-knowledge-base.js';
import type { DeleteDocument } from './knowledge/delete-document.js';
import type { DeleteKnowledgeBase } from './knowledge/delete-knowledge-base.js';
import type { GetDocument } from './knowledge/get-document.js';
import type { GetKnowledgeBase } from './knowledge/get-knowledge-base.js';
import type { ListDocuments } from './knowledge/list-documents.js';
import type { ListKnowledgeBases } from './knowledge/list-knowledge-bases.js';
import type { SearchKnowledgeBase } from './knowledge/search-knowledge-base.js';
import type { UpdateDocument } from './knowledge/update-document.js';
import type { UpdateKnowledgeBase } from './knowledge/update-knowledge-base.js';

/** Knowledge bases and their documents: `useCases.knowledge` of the one registry. */
export interface KnowledgeUseCases {
  readonly createKnowledgeBase: CreateKnowledgeBase;
  readonly listKnowledgeBases: ListKnowledgeBases;
  readonly getKnowledgeBase: GetKnowledgeBase;
  readonly updateKnowledgeBase: UpdateKnowledgeBase;
  readonly deleteKnowledgeBase: DeleteKnowledgeBase;
  readonly searchKnowledgeBase: SearchKnowledgeBase;
  readonly addDocument: AddDocument;
  readonly listDocuments: ListDocuments;
  readonly getDocument: GetDocument;
  readonly updateDocument: UpdateDocument;
  readonly deleteDocument: DeleteDocument;
}
