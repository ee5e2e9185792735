import { VOICE_MODES } from '../../../domain/agent.js';
import { CALL_DIRECTIONS, CALL_STATUSES, CALL_TYPES } from '../../../domain/call.js';
import { UNANSWERED_KINDS } from '../../../application/events/unanswered-turn.js';
import { enumOf, type AdminBuilder } from './builder.js';

const LEDGER_REASONS = ['signup_credit', 'top_up', 'adjustment', 'number_first_month', 'number_renewal', 'recording_renewal', 'number_lookup'] as const;
const DELIVERY_STATUSES = ['pending', 'success', 'failed'] as const;
const EVENT_TYPES = [
  'agent.message',
  'agent.message_failed',
  'agent.call_ended',
  'agent.call_analyzed',
  'agent.call_started',
  'agent.transfer_started',
  'agent.transfer_bridged',
  'agent.transfer_failed',
  'agent.contact_opted_out',
  'agent.handoff',
  'campaign.started',
  'campaign.completed',
  'campaign.recipient_completed',
  'agent.test_run_completed',
] as const;

/** Every enum of the schema, defined once per builder and shared by the type files. */
export const defineEnums = (builder: AdminBuilder) => ({
  ProjectStatus: enumOf(builder, 'ProjectStatus', ['active', 'suspended', 'closed'] as const),
  LedgerReason: enumOf(builder, 'LedgerReason', LEDGER_REASONS),
  VoiceMode: enumOf(builder, 'VoiceMode', VOICE_MODES),
  NumberStatus: enumOf(builder, 'NumberStatus', ['active', 'released'] as const),
  MessageDirection: enumOf(builder, 'MessageDirection', ['inbound', 'outbound'] as const),
  MessageStatus: enumOf(builder, 'MessageStatus', ['received', 'queued', 'sent', 'delivered', 'failed'] as const),
  DeliveryStatus: enumOf(builder, 'DeliveryStatus', DELIVERY_STATUSES),
  EventType: enumOf(builder, 'WebhookEventType', EVENT_TYPES),
  DeliveryEventKind: enumOf(builder, 'DeliveryEventKind', ['created', 'updated'] as const),
  CallStatus: enumOf(builder, 'CallStatus', CALL_STATUSES),
  CallDirection: enumOf(builder, 'CallDirection', CALL_DIRECTIONS),
  CallType: enumOf(builder, 'CallType', CALL_TYPES),
  TurnRole: enumOf(builder, 'TurnRole', ['user', 'agent', 'tool_call', 'tool_result'] as const, 'user: the caller; agent: the agent; tool_call / tool_result: a custom HTTP tool the model called, and its answer.'),
  TranscriptEventKind: enumOf(builder, 'TranscriptEventKind', ['turn', 'unanswered', 'ended'] as const),
  UnansweredReason: enumOf(builder, 'UnansweredReason', UNANSWERED_KINDS, 'Why a caller turn got no answer: no webhook, a failing or slow webhook, no or a failing language model, an empty answer.'),
});

export type AdminEnums = ReturnType<typeof defineEnums>;
