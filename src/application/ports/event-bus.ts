import type { CallStatus, TranscriptTurn } from '../../domain/call.js';
import type { UnansweredReason } from '../events/unanswered-turn.js';

/**
 * What live listeners of a call (the transcript stream) hear about it. `unanswered`: the
 * caller's turn `turnSequence` got no answer from the agent, and why; live only, never stored
 * (the delivery log and the server's log keep the details).
 */
export type CallEvent =
  | { readonly type: 'turn'; readonly callId: string; readonly turn: TranscriptTurn }
  | { readonly type: 'unanswered'; readonly callId: string; readonly turnSequence: number; readonly reason: UnansweredReason }
  | { readonly type: 'ended'; readonly callId: string; readonly status: CallStatus };

/**
 * A change of who may use the API, announced so that every process's cache of authenticated
 * keys forgets what it names at once. `missed`: the adapter may have lost notices (its
 * connection dropped), so a listener forgets everything it cached.
 */
export type AccessEvent =
  | { readonly type: 'key-revoked'; readonly keyId: string }
  | { readonly type: 'project-suspended'; readonly projectId: string }
  | { readonly type: 'missed' };

/**
 * A change to knowledge bases that every process's vector index must learn: a document's
 * passages replaced or removed (`document-changed`: its vectors are to be made again), its new
 * vectors stored (`document-embedded`), a knowledge base deleted. `missed`: notices may have
 * been lost, so a listener loads everything again.
 */
export type KnowledgeEvent =
  | { readonly type: 'document-changed'; readonly knowledgeBaseId: string; readonly documentId: string }
  | { readonly type: 'document-embedded'; readonly knowledgeBaseId: string; readonly documentId: string }
  | { readonly type: 'knowledge-base-removed'; readonly knowledgeBaseId: string }
  | { readonly type: 'missed' };

export type Unsubscribe = () => void;

/**
 * Publish/subscribe of call events by call id, across every process sharing the store when
 * the adapter can (PostgreSQL LISTEN/NOTIFY). Delivery is at most once and in publishing
 * order per publisher; a listener that must miss nothing reads storage too (the SSE seam).
 */
export interface EventBus {
  publish(event: CallEvent): Promise<void>;
  /** Resolves once the subscription is active: every event published after that reaches `listener`. */
  subscribe(callId: string, listener: (event: CallEvent) => void): Promise<Unsubscribe>;
  /** Announces an access change to every process on the bus, this one included. */
  publishAccess(event: AccessEvent): Promise<void>;
  /** Resolves once the subscription is active: every access event published after that reaches `listener`. */
  subscribeAccess(listener: (event: AccessEvent) => void): Promise<Unsubscribe>;
  /** Announces a knowledge change to every process on the bus, this one included. */
  publishKnowledge(event: KnowledgeEvent): Promise<void>;
  /** Resolves once the subscription is active: every knowledge event published after that reaches `listener`. */
  subscribeKnowledge(listener: (event: KnowledgeEvent) => void): Promise<Unsubscribe>;
  close(): Promise<void>;
}
