import type { AgentRow } from '../entities/agent.js';
import type { CallRow, TranscriptTurnRow } from '../entities/call.js';
import type { CallAnalysisRow } from '../entities/call-analysis.js';
import type { ContactRow } from '../entities/contact.js';
import type { ConversationRow } from '../entities/conversation.js';
import type { LedgerEntryRow } from '../entities/ledger-entry.js';
import type { MessageRow } from '../entities/message.js';
import type { PhoneNumberRow } from '../entities/phone-number.js';
import type { WebhookRow } from '../entities/webhook.js';
import type { SqlRow } from '../sql-row.js';

/**
 * The columns the read side selects of each table, and the decoder of each table's row. A
 * prepared statement names its columns, never `*` (see SelectOptions.prepare).
 */

export const AGENT_COLUMNS = [
  'id', 'project_id', 'name', 'description', 'voice_mode', 'system_prompt', 'greeting', 'voice', 'transfer_number', 'language',
  'custom_tools', 'analysis', 'analysis_schema', 'success_criteria', 'call_behaviour', 'conversation', 'knowledge_base_ids', 'knowledge_retrieval', 'mcp_servers', 'handoffs', 'created_at', 'updated_at',
] as const;

export const PHONE_NUMBER_COLUMNS = ['id', 'project_id', 'phone_number', 'country', 'status', 'agent_id', 'provider_id', 'created_at', 'released_at'] as const;

export const CALL_COLUMNS = [
  'id', 'project_id', 'agent_id', 'phone_number_id', 'from_number', 'to_number', 'direction', 'type', 'status', 'started_at', 'ended_at',
  'duration_seconds', 'disconnection_reason', 'provider_call_id', 'recording_url', 'recording_available', 'voice_mode', 'greeting', 'voice',
  'language', 'system_prompt', 'metadata', 'variables', 'last_transcript_snippet', 'voicemail_detection', 'answered_by',
  'opt_out', 'recording_disclosure', 'media_connected_at', 'media_resumes', 'media_released', 'conversation', 'handoffs',
] as const;

export const CONTACT_COLUMNS = ['id', 'project_id', 'name', 'phone_number', 'email', 'notes', 'do_not_call', 'consent', 'created_at', 'updated_at'] as const;

export const CONVERSATION_COLUMNS = [
  'id', 'project_id', 'agent_id', 'phone_number_id', 'phone_number', 'participant', 'channel', 'last_message_at', 'last_message_preview',
  'message_count', 'state', 'created_at', 'updated_at',
] as const;

export const MESSAGE_COLUMNS = [
  'id', 'project_id', 'conversation_id', 'phone_number_id', 'direction', 'channel', 'body', 'from_number', 'to_number', 'status',
  'media_urls', 'provider_message_id', 'error_code', 'received_at',
] as const;

export const WEBHOOK_COLUMNS = ['id', 'project_id', 'agent_id', 'url', 'secret', 'context_limit', 'timeout_seconds', 'created_at', 'updated_at'] as const;

export const LEDGER_COLUMNS = ['id', 'project_id', 'amount_cents', 'reason', 'resource_id', 'period_end', 'note', 'created_at'] as const;

/** `columns` as a select list: each qualified by `alias` when given, and renamed `prefix` + column when a prefix is given. */
export const selectList = (columns: readonly string[], alias?: string, prefix?: string): string =>
  columns.map((c) => `${alias === undefined ? '' : `${alias}.`}"${c}"${prefix === undefined ? '' : ` as "${prefix}${c}"`}`).join(', ');

export const agentRow = (r: SqlRow): AgentRow => ({
  id: r.text('id'),
  projectId: r.text('project_id'),
  name: r.text('name'),
  description: r.textOrNull('description'),
  voiceMode: r.text('voice_mode'),
  systemPrompt: r.textOrNull('system_prompt'),
  greeting: r.textOrNull('greeting'),
  voice: r.text('voice'),
  transferNumber: r.textOrNull('transfer_number'),
  language: r.text('language'),
  customTools: r.array('custom_tools'),
  analysis: r.boolean('analysis'),
  analysisSchema: r.objectOrNull('analysis_schema'),
  successCriteria: r.textOrNull('success_criteria'),
  callBehaviour: r.objectOrNull('call_behaviour'),
  conversation: r.objectOrNull('conversation'),
  knowledgeBaseIds: r.array('knowledge_base_ids'),
  knowledgeRetrieval: r.text('knowledge_retrieval'),
  mcpServers: r.array('mcp_servers'),
  handoffs: r.array('handoffs'),
  createdAt: r.instant('created_at'),
  updatedAt: r.instant('updated_at'),
});

/** A phone number's row, from columns named `prefix` + column when a prefix is given. */
export const phoneNumberRow = (r: SqlRow, prefix = ''): PhoneNumberRow => ({
  id: r.text(`${prefix}id`),
  projectId: r.text(`${prefix}project_id`),
  phoneNumber: r.text(`${prefix}phone_number`),
  country: r.text(`${prefix}country`),
  status: r.text(`${prefix}status`),
  agentId: r.textOrNull(`${prefix}agent_id`),
  providerId: r.text(`${prefix}provider_id`),
  createdAt: r.instant(`${prefix}created_at`),
  releasedAt: r.instantOrNull(`${prefix}released_at`),
});

/** {@link phoneNumberRow} of a left join: null when its id is null, as the join leaves it when nothing matched. */
export const joinedPhoneNumberRow = (r: SqlRow, prefix: string): PhoneNumberRow | null => (r.isNull(`${prefix}id`) ? null : phoneNumberRow(r, prefix));

export const callRow = (r: SqlRow): CallRow => ({
  id: r.text('id'),
  projectId: r.text('project_id'),
  agentId: r.textOrNull('agent_id'),
  phoneNumberId: r.textOrNull('phone_number_id'),
  fromNumber: r.text('from_number'),
  toNumber: r.text('to_number'),
  direction: r.text('direction'),
  type: r.text('type'),
  status: r.text('status'),
  startedAt: r.instant('started_at'),
  endedAt: r.instantOrNull('ended_at'),
  durationSeconds: r.integerOrNull('duration_seconds'),
  disconnectionReason: r.textOrNull('disconnection_reason'),
  providerCallId: r.textOrNull('provider_call_id'),
  recordingUrl: r.textOrNull('recording_url'),
  recordingAvailable: r.boolean('recording_available'),
  recordingDisclosure: r.textOrNull('recording_disclosure'),
  voiceMode: r.text('voice_mode'),
  greeting: r.text('greeting'),
  voice: r.text('voice'),
  language: r.text('language'),
  systemPrompt: r.textOrNull('system_prompt'),
  metadata: r.objectOrNull('metadata'),
  variables: r.textMap('variables'),
  lastTranscriptSnippet: r.textOrNull('last_transcript_snippet'),
  voicemailDetection: r.boolean('voicemail_detection'),
  answeredBy: r.textOrNull('answered_by'),
  optOut: r.boolean('opt_out'),
  mediaConnectedAt: r.instantOrNull('media_connected_at'),
  mediaResumes: r.integerOrNull('media_resumes'),
  mediaReleased: r.integerOrNull('media_released'),
  conversation: r.objectOrNull('conversation'),
  handoffs: r.array('handoffs'),
});

export const conversationRow = (r: SqlRow): ConversationRow => ({
  id: r.text('id'),
  projectId: r.text('project_id'),
  agentId: r.textOrNull('agent_id'),
  phoneNumberId: r.text('phone_number_id'),
  phoneNumber: r.text('phone_number'),
  participant: r.text('participant'),
  channel: r.text('channel'),
  lastMessageAt: r.instant('last_message_at'),
  lastMessagePreview: r.text('last_message_preview'),
  messageCount: r.integer('message_count'),
  state: r.objectOrNull('state'),
  createdAt: r.instant('created_at'),
  updatedAt: r.instant('updated_at'),
});

export const messageRow = (r: SqlRow): MessageRow => ({
  id: r.text('id'),
  projectId: r.text('project_id'),
  conversationId: r.text('conversation_id'),
  phoneNumberId: r.text('phone_number_id'),
  direction: r.text('direction'),
  channel: r.text('channel'),
  body: r.text('body'),
  fromNumber: r.text('from_number'),
  toNumber: r.text('to_number'),
  status: r.text('status'),
  mediaUrls: r.textArray('media_urls'),
  providerMessageId: r.textOrNull('provider_message_id'),
  errorCode: r.textOrNull('error_code'),
  receivedAt: r.instant('received_at'),
});

export const contactRow = (r: SqlRow): ContactRow => ({
  id: r.text('id'),
  projectId: r.text('project_id'),
  name: r.text('name'),
  phoneNumber: r.text('phone_number'),
  email: r.textOrNull('email'),
  notes: r.textOrNull('notes'),
  doNotCall: r.boolean('do_not_call'),
  consent: r.object('consent'),
  createdAt: r.instant('created_at'),
  updatedAt: r.instant('updated_at'),
});

export const TURN_COLUMNS = ['id', 'call_id', 'sequence', 'role', 'content', 'interrupted', 'created_at', 'error', 'tool', 'latency', 'language', 'sources'] as const;

export const turnRow = (r: SqlRow): TranscriptTurnRow => ({
  id: r.text('id'),
  callId: r.text('call_id'),
  sequence: r.integer('sequence'),
  role: r.text('role'),
  content: r.text('content'),
  interrupted: r.boolean('interrupted'),
  createdAt: r.instant('created_at'),
  error: r.textOrNull('error'),
  tool: r.objectOrNull('tool'),
  latency: r.objectOrNull('latency'),
  language: r.textOrNull('language'),
  sources: r.isNull('sources') ? null : r.array('sources'),
});

export const ANALYSIS_COLUMNS = ['id', 'project_id', 'status', 'attempts', 'next_attempt_at', 'result', 'error', 'created_at', 'completed_at'] as const;

export const analysisRow = (r: SqlRow): CallAnalysisRow => ({
  id: r.text('id'),
  projectId: r.text('project_id'),
  status: r.text('status'),
  attempts: r.integer('attempts'),
  nextAttemptAt: r.instantOrNull('next_attempt_at'),
  result: r.objectOrNull('result'),
  error: r.textOrNull('error'),
  createdAt: r.instant('created_at'),
  completedAt: r.instantOrNull('completed_at'),
});

/**
 * `columns` of `alias` as one JSON array, in their order, timestamps as their text: a row of a
 * joined table carried in one column, read back with a {@link SqlRow} of the same columns.
 */
export const jsonRowOf = (columns: readonly string[], alias: string, timestamps: readonly string[]): string =>
  `json_build_array(${columns.map((c) => `${alias}."${c}"${timestamps.includes(c) ? '::text' : ''}`).join(', ')})`;

export const ledgerEntryRow = (r: SqlRow): LedgerEntryRow => ({
  id: r.text('id'),
  projectId: r.text('project_id'),
  amountCents: r.integer('amount_cents'),
  reason: r.text('reason'),
  resourceId: r.textOrNull('resource_id'),
  periodEnd: r.instantOrNull('period_end'),
  note: r.textOrNull('note'),
  createdAt: r.instant('created_at'),
});

export const webhookRow = (r: SqlRow): WebhookRow => ({
  id: r.text('id'),
  projectId: r.text('project_id'),
  agentId: r.textOrNull('agent_id'),
  url: r.text('url'),
  secret: r.text('secret'),
  contextLimit: r.integer('context_limit'),
  timeoutSeconds: r.integer('timeout_seconds'),
  createdAt: r.instant('created_at'),
  updatedAt: r.instant('updated_at'),
});
