import type { Call, TranscriptTurn } from '../../../domain/call.js';
import type { CallAnalysis } from '../../../domain/call-analysis.js';

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
  ...(turn.tool ? { tool: turn.tool } : {}),
});

/**
 * A call's post-call analysis: `status` pending | completed | failed | unavailable (`error`
 * says why: no model, or what the model got wrong); null when its agent asks for none.
 */
export const analysisView = (analysis: CallAnalysis | null | undefined) =>
  analysis
    ? {
        status: analysis.status,
        summary: analysis.result?.summary ?? null,
        userSentiment: analysis.result?.userSentiment ?? null,
        callSuccessful: analysis.result?.callSuccessful ?? null,
        extracted: analysis.result?.extracted ?? null,
        error: analysis.status === 'completed' ? null : analysis.error,
        attempts: analysis.attempts,
        completedAt: analysis.completedAt?.toISOString() ?? null,
      }
    : null;

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
