import type { CallRepository, TranscriptRepository } from '../../application/ports/call-repositories.js';
import { DuplicateKey } from '../../application/ports/repositories.js';
import type { InMemoryTables } from './in-memory-tables.js';

export const inMemoryCalls = (t: InMemoryTables): CallRepository => ({
  findById: async (projectId, id) => {
    const call = t.calls.get(id);
    return call && call.projectId === projectId ? call : null;
  },
  findByIdInAnyProject: async (id) => t.calls.get(id) ?? null,
  // Units of work run one at a time here: reading is already holding.
  lockByIdInAnyProject: async (id) => t.calls.get(id) ?? null,
  findByIdsInAnyProject: async (ids) => [...new Set(ids)].flatMap((id) => t.calls.get(id) ?? []),
  findByProviderCallId: async (providerCallId) => {
    const [id] = t.callsByCarrierId.keysIn(providerCallId);
    return id === undefined ? null : (t.calls.get(id) ?? null);
  },
  // As in the database, a save keeps the opt-out: only markOptedOut sets it.
  save: async (call) => void t.calls.set(call.id, { ...call, optOut: t.calls.get(call.id)?.optOut ?? false }),
  insertNew: async (calls) => {
    // All or none, as the one statement is.
    if (calls.some((call) => t.calls.get(call.id)) || new Set(calls.map((c) => c.id)).size < calls.length) throw new DuplicateKey('calls_pkey');
    for (const call of calls) t.calls.set(call.id, { ...call, optOut: false });
  },
  recordProviderCallIds: async (placed) => {
    for (const { callId, providerCallId } of placed) {
      const call = t.calls.get(callId);
      if (call) t.calls.set(callId, { ...call, providerCallId });
    }
  },
  markOptedOut: async (callId) => {
    const call = t.calls.get(callId);
    if (!call || call.optOut) return false;
    t.calls.set(callId, { ...call, optOut: true });
    return true;
  },
  claimMedia: async (callId, at) => {
    if (t.calls.get(callId)?.status !== 'in-progress' || t.mediaClaims.has(callId)) return false;
    t.mediaClaims.set(callId, at);
    return true;
  },
  storeEnd: async (ended) => {
    const stored = t.calls.get(ended.id);
    if (!stored || stored.status !== 'in-progress' || stored.providerCallId !== ended.providerCallId) return false;
    const { status, endedAt, durationSeconds, disconnectionReason, lastTranscriptSnippet } = ended;
    t.calls.set(ended.id, { ...stored, status, endedAt, durationSeconds, disconnectionReason, lastTranscriptSnippet });
    return true;
  },
  claimResumedMedia: async (callId, attempt) => {
    const call = t.calls.get(callId);
    if (!call || call.status !== 'in-progress' || (t.mediaResumes.get(callId) ?? 0) >= attempt) return false;
    t.mediaResumes.set(callId, attempt);
    return true;
  },
  releaseMedia: async (callId, attempt) => {
    if (t.calls.get(callId)?.status !== 'in-progress') return false;
    t.mediaReleases.set(callId, attempt);
    return true;
  },
  claimHandedOverMedia: async (callId, attempt) => {
    const call = t.calls.get(callId);
    if (!call || call.status !== 'in-progress' || t.mediaReleases.get(callId) !== attempt || (t.mediaResumes.get(callId) ?? 0) >= attempt) return false;
    t.mediaResumes.set(callId, attempt);
    return true;
  },
  countOutboundTo: async (projectId, toNumber, since) =>
    [...t.calls.values()].filter((c) => c.projectId === projectId && c.direction === 'outbound' && c.toNumber === toNumber && c.startedAt >= since).length,
  countOutboundToEach: async (projectId, toNumbers, since) => {
    const wanted = new Set(toNumbers);
    const counts = new Map<string, number>();
    for (const c of t.calls.values()) {
      if (c.projectId === projectId && c.direction === 'outbound' && wanted.has(c.toNumber) && c.startedAt >= since) counts.set(c.toNumber, (counts.get(c.toNumber) ?? 0) + 1);
    }
    return counts;
  },
  countLive: async (projectId) => t.liveCallsByProject.keysIn(projectId).size,
  detachAgent: async (agentId) => {
    for (const call of t.calls.values()) if (call.agentId === agentId) t.calls.set(call.id, { ...call, agentId: null });
  },
  listUnconnectedWebCalls: async (startedBefore, limit) =>
    [...t.calls.values()]
      .filter((c) => c.type === 'web' && c.status === 'in-progress' && c.providerCallId === null && c.startedAt < startedBefore)
      .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, limit),
});

export const inMemoryTranscripts = (t: InMemoryTables): TranscriptRepository => ({
  save: async (turns) => {
    for (const turn of turns) {
      const stored = t.transcripts.get(turn.callId) ?? [];
      // A live call's next turn (nearly every save) goes at the end: one copy of the list, kept
      // as a new value so that a rolled-back unit of work can put the old one back.
      if (stored.length === 0 || stored[stored.length - 1]!.sequence < turn.sequence) {
        t.transcripts.set(turn.callId, [...stored, turn]);
        continue;
      }
      const clash = stored.find((s) => s.sequence === turn.sequence && s.id !== turn.id);
      if (clash) throw new DuplicateKey('transcript_turns_call_sequence_unique');
      const rest = stored.filter((s) => s.id !== turn.id);
      t.transcripts.set(turn.callId, [...rest, turn].sort((a, b) => a.sequence - b.sequence));
    }
  },
  listByCall: async (callId, afterSequence = 0) => (t.transcripts.get(callId) ?? []).filter((turn) => turn.sequence > afterSequence),
});
