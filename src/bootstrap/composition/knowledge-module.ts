import { ContainerModule } from 'inversify';
import { NodeHttpPageFetcher } from '../../adapters/http/node-http-page-fetcher.js';
import { Parse5HtmlToText } from '../../adapters/parse5/parse5-html-to-text.js';
import { UnpdfPdfToText } from '../../adapters/unpdf/unpdf-pdf-to-text.js';
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

/** Knowledge bases: their documents read (HTML with parse5, PDF with unpdf, pages through the guarded client), stored and searched. */
export const knowledgeModule = () =>
  new ContainerModule(({ bind }) => {
    const provide = provideWith(bind);
    provide(TOKENS.knowledgeSearch, [TOKENS.unitOfWork], (uow) => queriesOf(uow).knowledge);
    provide(TOKENS.documentReading, [TOKENS.outboundGuard, TOKENS.lifecycle], (guard, lifecycle) => {
      const fetcher = new NodeHttpPageFetcher(guard);
      lifecycle.manage('knowledge page fetcher', fetcher, { stop: () => fetcher.close() });
      return { html: new Parse5HtmlToText(), pdf: new UnpdfPdfToText(), fetcher, targets: guard };
    });
    provide(
      TOKENS.knowledgeUseCases,
      [TOKENS.unitOfWork, TOKENS.clock, TOKENS.ids, TOKENS.knowledgeSearch, TOKENS.documentReading],
      (uow, clock, ids, search, reading) => ({
        createKnowledgeBase: new CreateKnowledgeBase({ uow, clock, ids }),
        listKnowledgeBases: new ListKnowledgeBases({ uow }),
        getKnowledgeBase: new GetKnowledgeBase({ uow }),
        updateKnowledgeBase: new UpdateKnowledgeBase({ uow, clock }),
        deleteKnowledgeBase: new DeleteKnowledgeBase({ uow }),
        searchKnowledgeBase: new SearchKnowledgeBase({ uow, search }),
        addDocument: new AddDocument({ uow, clock, ids, reading }),
        listDocuments: new ListDocuments({ uow }),
        getDocument: new GetDocument({ uow }),
        updateDocument: new UpdateDocument({ uow, clock, reading }),
        deleteDocument: new DeleteDocument({ uow }),
      }),
    );
  });
