import { ContainerModule } from 'inversify';
import { NodeHttpPageFetcher } from '../../adapters/http/node-http-page-fetcher.js';
import { OpenAiCompatibleEmbeddingModel } from '../../adapters/openai-compatible/openai-compatible-embedding-model.js';
import { Parse5HtmlToText } from '../../adapters/parse5/parse5-html-to-text.js';
import { UnpdfPdfToText } from '../../adapters/unpdf/unpdf-pdf-to-text.js';
import { UsearchVectorIndex } from '../../adapters/usearch/usearch-vector-index.js';
import { HybridKnowledgeSearch } from '../../application/knowledge/hybrid-knowledge-search.js';
import { KnowledgeEmbedder } from '../../application/knowledge/knowledge-embedder.js';
import { VectorIndexSync } from '../../application/knowledge/vector-index-sync.js';
import { AddDocument } from '../../application/use-cases/knowledge/add-document.js';
import { CreateKnowledgeBase } from '../../application/use-cases/knowledge/create-knowledge-base.js';
import { DeleteDocument } from '../../application/use-cases/knowledge/delete-document.js';
import { DeleteKnowledgeBase } from '../../application/use-cases/knowledge/delete-knowledge-base.js';
import { GetDocument } from '../../application/use-cases/knowledge/get-document.js';
import { GetKnowledgeBase } from '../../application/use-cases/knowledge/get-knowledge-base.js';
import { ListDocuments } from '../../application/use-cases/knowledge/list-documents.js';
import { ListKnowledgeBases } from '../../application/use-cases/knowledge/list-knowledge-bases.js';
import { SearchKnowledgeBase } from '../../application/use-cases/knowledge/search-knowledge-base.js';
import { UpdateDocument } from '../../application/use-cases/knowledge/update-document.js';
import { UpdateKnowledgeBase } from '../../application/use-cases/knowledge/update-knowledge-base.js';
import { provideWith } from './provide.js';
import { queriesOf } from './store-queries.js';
import { TOKENS } from './tokens.js';

/**
 * Knowledge bases: their documents read (HTML with parse5, PDF with unpdf, pages through the
 * guarded client), stored and searched; with an embedding model, their passages embedded in the
 * background and searched by vectors too (usearch), fused with full text.
 */
export const knowledgeModule = () =>
  new ContainerModule(({ bind }) => {
    const provide = provideWith(bind);
    provide(TOKENS.embeddingModel, [TOKENS.config, TOKENS.lifecycle], (config, lifecycle) => {
      if (!config.embedding) return null;
      const model = new OpenAiCompatibleEmbeddingModel(config.embedding);
      return lifecycle.manage('embedding model connections', model, { stop: () => model.close() });
    });
    provide(TOKENS.vectorIndex, [], () => new UsearchVectorIndex());
    provide(
      TOKENS.vectorIndexSync,
      [TOKENS.unitOfWork, TOKENS.vectorIndex, TOKENS.eventBus, TOKENS.embeddingModel, TOKENS.logger, TOKENS.lifecycle],
      (uow, index, eventBus, model, logger, lifecycle) => {
        if (!model) return null;
        const sync = new VectorIndexSync({ uow, index, eventBus, model: model.name, logger: logger.child({ component: 'vector-index' }) });
        return lifecycle.manage('vector index', sync, { start: () => sync.start(), stop: () => sync.stop() });
      },
    );
    provide(
      TOKENS.knowledgeEmbedder,
      [TOKENS.unitOfWork, TOKENS.embeddingModel, TOKENS.eventBus, TOKENS.clock, TOKENS.logger, TOKENS.lifecycle],
      (uow, model, eventBus, clock, logger, lifecycle) => {
        if (!model) return null;
        const embedder = new KnowledgeEmbedder({ uow, model, eventBus, clock, logger: logger.child({ component: 'knowledge-embedder' }) });
        return lifecycle.manage('knowledge embedder', embedder, { start: () => embedder.start(), stop: () => embedder.stop() });
      },
    );
    provide(
      TOKENS.knowledgeSearch,
      [TOKENS.unitOfWork, TOKENS.embeddingModel, TOKENS.vectorIndex, TOKENS.vectorIndexSync, TOKENS.knowledgeEmbedder, TOKENS.logger],
      (uow, model, index, _sync, _embedder, logger) => {
        const queries = queriesOf(uow);
        if (!model) return queries.knowledge;
        return new HybridKnowledgeSearch({ fullText: queries.knowledge, passages: queries.knowledgePassages, index, model, logger: logger.child({ component: 'knowledge-search' }) });
      },
    );
    provide(TOKENS.documentReading, [TOKENS.outboundGuard, TOKENS.lifecycle], (guard, lifecycle) => {
      const fetcher = new NodeHttpPageFetcher(guard);
      lifecycle.manage('knowledge page fetcher', fetcher, { stop: () => fetcher.close() });
      return { html: new Parse5HtmlToText(), pdf: new UnpdfPdfToText(), fetcher, targets: guard };
    });
    provide(
      TOKENS.knowledgeUseCases,
      [TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.knowledgeSearch, TOKENS.documentReading, TOKENS.eventBus],
      (uow, clock, ids, search, reading, events) => ({
        createKnowledgeBase: new CreateKnowledgeBase({ uow, clock, ids }),
        listKnowledgeBases: new ListKnowledgeBases({ uow }),
        getKnowledgeBase: new GetKnowledgeBase({ uow }),
        updateKnowledgeBase: new UpdateKnowledgeBase({ uow, clock }),
        deleteKnowledgeBase: new DeleteKnowledgeBase({ uow, events }),
        searchKnowledgeBase: new SearchKnowledgeBase({ uow, search }),
        addDocument: new AddDocument({ uow, clock, ids, reading, events }),
        listDocuments: new ListDocuments({ uow }),
        getDocument: new GetDocument({ uow }),
        updateDocument: new UpdateDocument({ uow, clock, reading, events }),
        deleteDocument: new DeleteDocument({ uow, events }),
      }),
    );
  });
