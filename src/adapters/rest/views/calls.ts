import type { Call, TranscriptTurn } from '../../../domain/call.js';

/** Our own number on the call (null for web calls). */
const ourNumber = (call: Call): string | null =>
  call.type === 'web' ? null : call.direction === 'inbound' ? call.toNumber : call.fromNumber;

/** A call as the API shows it; `recordingUrl` only while the recording add-on is active. */
export const callView = (call: Call, recordingEnabled: boolean) => ({
  id: call.id,
  agentId: call.agentId,
  phoneNumberId: call.phoneNumberId,
  phoneNumber: ourNumber(call),
  fromNumber: call.fromNumber,
  toNumber: call.toNumber,
  direction: call.direction,
  type: call.type,
  status: call.status,
  startedAt: call.startedAt.toISOString(),
  endedAt: call.endedAt?.toISOString() ?? null,
  durationSeconds: call.durationSeconds,
  disconnectionReason: call.disconnectionReason,
  answeredBy: call.answeredBy,
  lastTranscriptSnippet: call.lastTranscriptSnippet,
  ...(recordingEnabled && call.recordingUrl ? { recordingUrl: call.recordingUrl } : {}),
  recordingAvailable: call.recordingAvailable,
});

export const turnView = (turn: TranscriptTurn) => ({
  id: turn.id,
  role: turn.role,
  content: turn.content,
  createdAt: turn.createdAt.toISOString(),
  ...(turn.interrupted ? { interrupted: true as const } : {}),
  ...(turn.error !== undefined ? { error: turn.error } : {}),
});

/** POST /v1/calls. */
export const placedCallView = (call: Call) => ({
  id: call.id,
  agentId: call.agentId,
  phoneNumberId: call.phoneNumberId,
  fromNumber: call.fromNumber,
  toNumber: call.toNumber,
  direction: call.direction,
  type: call.type,
  status: call.status,
  startedAt: call.startedAt.toISOString(),
});
