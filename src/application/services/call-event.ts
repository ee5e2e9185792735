import type { Call } from '../../domain/call.js';

/** What every voice event (a caller turn, the call's end) opens with: the envelope head and the call's identity. */
export const voiceEventHead = (event: 'agent.message' | 'agent.call_ended', call: Call, now: Date) => ({
  event,
  channel: 'voice' as const,
  timestamp: now.toISOString(),
  agentId: call.agentId,
});

export const callIdentity = (call: Call) => ({
  callId: call.id,
  numberId: call.phoneNumberId,
  from: call.fromNumber,
  to: call.toNumber,
});
