import type { AdminBuilder } from './builder.js';

/** The knowledge-base passages a hosted agent's `search_knowledge` result gave the model, on that tool_result turn. */
export const defineTurnSourceType = (builder: AdminBuilder): void => {
  builder.objectType('TurnSource', {
    description: 'A knowledge-base passage a hosted agent was given to answer from.',
    fields: (t) => ({
      knowledgeBaseId: t.exposeString('knowledgeBaseId'),
      documentId: t.exposeString('documentId'),
      documentTitle: t.exposeString('documentTitle'),
      position: t.exposeInt('position', { description: "The passage's place in its document, from 0." }),
      heading: t.string({ nullable: true, resolve: (s) => s.heading }),
    }),
  });
  builder.objectField('TranscriptTurn', 'sources', (t) =>
    t.field({
      type: ['TurnSource'],
      nullable: true,
      description: 'On a search_knowledge tool result: the passages the model was given, best first.',
      resolve: (turn) => (turn.sources ? [...turn.sources] : null),
    }),
  );
};
