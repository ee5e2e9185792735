import type { ConsentBasis } from './consent.js';
import type { E164 } from './e164.js';
import type { OutboundChannel, SuppressionChannel, SuppressionSource } from './suppression.js';

/** What an audit event tells happened to a number: it went on or off the list, its consent changed, or an attempt to reach it was refused. */
export const AUDIT_EVENT_KINDS = ['suppression.added', 'suppression.removed', 'consent.changed', 'attempt.refused'] as const;
export type AuditEventKind = (typeof AUDIT_EVENT_KINDS)[number];

/**
 * Who made the change or the attempt: a project's API key, the operator (admin console or
 * operator token), the person on the line (what they said, on which call or text thread), or
 * Switchboard itself (a campaign's dial, a hosted agent's reply).
 */
export type AuditActor =
  | { readonly type: 'api_key'; readonly keyId: string }
  | { readonly type: 'operator' }
  | { readonly type: 'caller'; readonly callId: string | null; readonly conversationId: string | null; readonly words: string | null }
  | { readonly type: 'system' };

export const AUDIT_ACTOR_TYPES = ['api_key', 'operator', 'caller', 'system'] as const;

/** The codes of the refusals an outbound attempt can meet, as the API answers them. */
export const REFUSAL_CODES = ['CONTACT_SUPPRESSED', 'CONSENT_REQUIRED', 'ATTEMPT_CAP_REACHED', 'OUTSIDE_CALLING_WINDOW'] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

/** The way in of a refused attempt: a REST operation, an MCP tool, a campaign's dial, a hosted agent's own text. */
export const ATTEMPT_PATHS = [
  'POST /v1/calls',
  'POST /v1/messages',
  'MCP make_call',
  'MCP make_conversation_call',
  'MCP send_message',
  'campaign dial',
  'hosted agent text',
  'queued text retry',
] as const;
export type AttemptPath = (typeof ATTEMPT_PATHS)[number];

/** Where an outbound attempt came from and who made it: what its refusal is recorded with. */
export interface AttemptOrigin {
  readonly actor: AuditActor;
  readonly path: AttemptPath;
  readonly campaignId: string | null;
}

interface AuditEventBase {
  readonly id: string;
  readonly projectId: string;
  readonly occurredAt: Date;
  readonly phoneNumber: E164;
  readonly actor: AuditActor;
  /** Why: a refusal's code, the reason given for an entry (the caller's words, the keyword texted), or null when none was given. */
  readonly reason: string | null;
}

export type SuppressionAuditEvent = AuditEventBase & {
  readonly kind: 'suppression.added' | 'suppression.removed';
  readonly channel: SuppressionChannel;
  readonly details: { readonly source: SuppressionSource };
};

export type ConsentAuditEvent = AuditEventBase & {
  readonly kind: 'consent.changed';
  readonly channel: OutboundChannel;
  readonly details: { readonly contactId: string; readonly previousBasis: ConsentBasis | null; readonly newBasis: ConsentBasis | null };
};

export type RefusalAuditEvent = AuditEventBase & {
  readonly kind: 'attempt.refused';
  readonly channel: OutboundChannel;
  readonly reason: RefusalCode;
  readonly details: { readonly path: AttemptPath; readonly campaignId: string | null; readonly message: string };
};

/** One record of the compliance audit trail: kept as long as the project, never changed. */
export type AuditEvent = SuppressionAuditEvent | ConsentAuditEvent | RefusalAuditEvent;

export const apiKeyActor = (keyId: string): AuditActor => ({ type: 'api_key', keyId });
export const SYSTEM_ACTOR: AuditActor = { type: 'system' };
export const OPERATOR_ACTOR: AuditActor = { type: 'operator' };
export const callerActor = (at: { readonly callId?: string; readonly conversationId?: string }, words: string | null): AuditActor => ({
  type: 'caller',
  callId: at.callId ?? null,
  conversationId: at.conversationId ?? null,
  words,
});

/** The origin of a hosted agent's own text: Switchboard sends it, on the agent's behalf. */
export const HOSTED_TEXT_ORIGIN: AttemptOrigin = { actor: SYSTEM_ACTOR, path: 'hosted agent text', campaignId: null };
