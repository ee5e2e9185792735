import type { EventBus, KnowledgeEvent } from '../../ports/event-bus.js';

/** Where the knowledge use cases announce what changed, for every node's vector index and embedder. */
export type KnowledgeEvents = Pick<EventBus, 'publishKnowledge'>;

/**
 * Announces a change once it is committed. The change stands whatever the bus does: a notice
 * that cannot be sent is dropped, and the embedder's periodic sweep still embeds the passages.
 */
export const announce = async (events: KnowledgeEvents, event: KnowledgeEvent): Promise<void> => {
  await events.publishKnowledge(event).catch(() => undefined);
};
