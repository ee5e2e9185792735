import type { EntityManager } from '@mikro-orm/postgresql';
import type { CallRepository, TranscriptRepository } from '../../application/ports/call-repositories.js';
import type { AnsweredBy, Call, CallDirection, CallStatus, CallType, TranscriptTurn, TurnRole } from '../../domain/call.js';
import type { VoiceMode } from '../../domain/agent.js';
import { CallSchema, TranscriptTurnSchema, type CallRow, type TranscriptTurnRow } from './entities/call.js';
import { conversationFromJson, conversationToJson } from './conversation-json.js';
import { CallHandoffsJson, callHandoffsToJson } from './agent-link-json.js';
import { ConversationJson, decodeColumn, FreeFormJson, ToolTurnJson, TurnLatencyJson, TurnSourcesJson, VariablesJson } from './json-columns.js';
import { runSelect, runWrite } from './native-select.js';
import {
  findRow,
  findRows,
  insertRowsNative,
  lockRow,
  selectRows,
  translateUniqueViolation,
  updateRows,
  updateRowsCounted,
  upsertRow,
} from './storage-support.js';

/**
 * The one mapping of a stored call row to the domain. Native reads (findRow/findPage in
 * storage-support) and entity reads both end here, the record's columns first put in the row's
 * shape by the schema's metadata (fromColumns): a column added later (a disconnection reason, an
 * analysis) is added to the schema and here, nowhere else.
 */
export const toCall = (row: CallRow): Call => ({
  id: row.id,
  projectId: row.projectId,
  agentId: row.agentId,
  phoneNumberId: row.phoneNumberId,
  fromNumber: row.fromNumber,
  toNumber: row.toNumber,
  direction: row.direction as CallDirection,
  type: row.type as CallType,
  status: row.status as CallStatus,
  startedAt: row.startedAt,
  endedAt: row.endedAt,
  durationSeconds: row.durationSeconds,
  disconnectionReason: row.disconnectionReason,
  providerCallId: row.providerCallId,
  recordingUrl: row.recordingUrl,
  recordingAvailable: row.recordingAvailable,
  recordingDisclosure: row.recordingDisclosure ?? null,
  voiceMode: row.voiceMode as VoiceMode,
  greeting: row.greeting,
  voice: row.voice,
  language: row.language,
  systemPrompt: row.systemPrompt,
  metadata: decodeColumn(FreeFormJson, row.metadata ?? null, 'calls', 'metadata', row.id),
  variables: row.variables == null ? {} : decodeColumn(VariablesJson, row.variables, 'calls', 'variables', row.id),
  lastTranscriptSnippet: row.lastTranscriptSnippet,
  voicemailDetection: row.voicemailDetection,
  answeredBy: row.answeredBy as AnsweredBy | null,
  optOut: row.optOut === true,
  ...(row.conversation ? { conversation: conversationFromJson(decodeColumn(ConversationJson, row.conversation, 'calls', 'conversation', row.id) ?? {}) } : {}),
  ...(Array.isArray(row.handoffs) && row.handoffs.length > 0 ? { handoffs: decodeColumn(CallHandoffsJson, row.handoffs, 'calls', 'handoffs', row.id) } : {}),
});

/** The row a save writes: every column but those only their own statements set (the opt-out). */
const toCallRow = ({ optOut: _set, ...call }: Call): CallRow => ({
  ...call,
  metadata: call.metadata ? { ...call.metadata } : null,
  variables: { ...call.variables },
  conversation: call.conversation ? conversationToJson(call.conversation) : null,
  handoffs: callHandoffsToJson(call.handoffs ?? []),
});

export const toTurn = (row: TranscriptTurnRow): TranscriptTurn => ({
  id: row.id,
  callId: row.callId,
  role: row.role as TurnRole,
  content: row.content,
  createdAt: row.createdAt,
  interrupted: row.interrupted,
  sequence: row.sequence,
  ...(row.error !== null ? { error: row.error } : {}),
  ...(row.tool ? { tool: decodeColumn(ToolTurnJson, row.tool, 'transcript_turns', 'tool', row.id) } : {}),
  ...(row.latency ? { latency: decodeColumn(TurnLatencyJson, row.latency, 'transcript_turns', 'latency', row.id) } : {}),
  ...(row.language ? { language: row.language } : {}),
  ...(row.sources ? { sources: decodeColumn(TurnSourcesJson, row.sources, 'transcript_turns', 'sources', row.id) } : {}),
});

const PREPARED = { prepare: true } as const;
/** Plain selects, prepared. */
const READ = { prepare: true, effect: 'read' } as const;

/** One conditional update: of two racing claims, the second waits for the first's row lock and then finds the column set. */
const CLAIM_MEDIA = 'update "calls" set "media_connected_at" = ? where "id" = ? and "status" = \'in-progress\' and "media_connected_at" is null returning "id"';

/**
 * A call's end, its other columns untouched: one conditional update, so of two racing ends the
 * second waits for the first's row lock and then finds the call over. `is not distinct from`: the
 * carrier call may be null (a web call no browser joined).
 */
const STORE_END = `update "calls" set "status" = ?, "ended_at" = ?, "duration_seconds" = ?, "disconnection_reason" = ?, "last_transcript_snippet" = ?
  where "id" = ? and "status" = 'in-progress' and "provider_call_id" is not distinct from ? returning "id"`;

/** Only the first opt-out of a call changes it (and so is told to the webhook). */
const MARK_OPTED_OUT = 'update "calls" set "opt_out" = true where "id" = ? and not "opt_out" returning "id"';

/** A number's outbound calls in a window, through `calls_outbound_to_index`. */
const COUNT_OUTBOUND_TO = `select count(*)::int as attempts from calls where project_id = ? and to_number = ? and direction = 'outbound' and started_at >= ?`;

/**
 * Several numbers' outbound calls in a window, each counted through `calls_outbound_to_index`:
 * a lateral count a number (which the planner cannot turn into a join), so the cost follows the
 * numbers asked about, never the project's calls.
 */
const COUNT_OUTBOUND_TO_EACH = `select n.to_number, c.attempts
  from (select distinct jsonb_array_elements_text(?::jsonb) as to_number) as n
  cross join lateral (
    select count(*)::int as attempts from calls
    where project_id = ? and to_number = n.to_number and direction = 'outbound' and started_at >= ?) as c
  where c.attempts > 0`;

/** The carrier's ids of calls it accepted, one statement for any number of calls. */
const RECORD_PROVIDER_CALL_IDS = `update calls c set provider_call_id = v.provider_call_id
  from jsonb_to_recordset(?::jsonb) as v(id text, provider_call_id text) where c.id = v.id`;

/** The project's calls in progress, through the partial index of live calls (`calls_live_project_index`). */
const COUNT_LIVE = `select count(*)::int as live from calls where project_id = ? and status = 'in-progress'`;

export class MikroOrmCallRepository implements CallRepository {
  constructor(private readonly em: EntityManager) {}

  async findById(projectId: string, id: string): Promise<Call | null> {
    const row = await findRow(this.em, CallSchema, { id, projectId });
    return row && toCall(row);
  }

  async findByIdInAnyProject(id: string): Promise<Call | null> {
    const row = await findRow(this.em, CallSchema, { id });
    return row && toCall(row);
  }

  async lockByIdInAnyProject(id: string): Promise<Call | null> {
    const row = await lockRow(this.em, CallSchema, id);
    return row && toCall(row);
  }

  async findByIdsInAnyProject(ids: readonly string[]): Promise<readonly Call[]> {
    if (ids.length === 0) return [];
    const rows = await selectRows(this.em, CallSchema, 'select * from calls where id in (select jsonb_array_elements_text(?::jsonb))', [JSON.stringify([...new Set(ids)])]);
    return rows.map(toCall);
  }

  async findByProviderCallId(providerCallId: string): Promise<Call | null> {
    const row = await findRow(this.em, CallSchema, { providerCallId });
    return row && toCall(row);
  }

  save(call: Call): Promise<void> {
    return upsertRow(this.em, CallSchema, toCallRow(call));
  }

  insertNew(calls: readonly Call[]): Promise<void> {
    // New calls: the opt-out, which saves leave as stored, starts unset.
    return insertRowsNative(this.em, CallSchema, calls.map((call) => ({ ...toCallRow(call), optOut: false })));
  }

  async recordProviderCallIds(placed: readonly { readonly callId: string; readonly providerCallId: string }[]): Promise<void> {
    if (placed.length === 0) return;
    const rows = placed.map((p) => ({ id: p.callId, provider_call_id: p.providerCallId }));
    await runWrite(this.em, RECORD_PROVIDER_CALL_IDS, [JSON.stringify(rows)]);
  }

  async claimMedia(callId: string, at: Date): Promise<boolean> {
    const claimed = await runSelect(this.em, CLAIM_MEDIA, [at, callId], PREPARED);
    return claimed.length === 1;
  }

  async countOutboundTo(projectId: string, toNumber: string, since: Date): Promise<number> {
    const [counted] = await runSelect(this.em, COUNT_OUTBOUND_TO, [projectId, toNumber, since], READ);
    return Number(counted?.attempts ?? 0);
  }

  async countOutboundToEach(projectId: string, toNumbers: readonly string[], since: Date): Promise<ReadonlyMap<string, number>> {
    if (toNumbers.length === 0) return new Map();
    const rows = await runSelect(this.em, COUNT_OUTBOUND_TO_EACH, [JSON.stringify([...new Set(toNumbers)]), projectId, since], READ);
    return new Map(rows.map((row) => [row.to_number as string, Number(row.attempts)]));
  }

  async markOptedOut(callId: string): Promise<boolean> {
    return (await runSelect(this.em, MARK_OPTED_OUT, [callId], PREPARED)).length === 1;
  }

  async storeEnd(ended: Call): Promise<boolean> {
    const { status, endedAt, durationSeconds, disconnectionReason, lastTranscriptSnippet, id, providerCallId } = ended;
    const stored = await runSelect(this.em, STORE_END, [status, endedAt, durationSeconds, disconnectionReason, lastTranscriptSnippet, id, providerCallId], PREPARED);
    return stored.length === 1;
  }

  async claimResumedMedia(callId: string, attempt: number): Promise<boolean> {
    const updated = await updateRowsCounted(
      this.em,
      CallSchema,
      { id: callId, status: 'in-progress', $or: [{ mediaResumes: null }, { mediaResumes: { $lt: attempt } }] },
      { mediaResumes: attempt },
    );
    return updated === 1;
  }

  async releaseMedia(callId: string, attempt: number): Promise<boolean> {
    return (await updateRowsCounted(this.em, CallSchema, { id: callId, status: 'in-progress' }, { mediaReleased: attempt })) === 1;
  }

  async claimHandedOverMedia(callId: string, attempt: number): Promise<boolean> {
    const updated = await updateRowsCounted(
      this.em,
      CallSchema,
      { id: callId, status: 'in-progress', mediaReleased: attempt, $or: [{ mediaResumes: null }, { mediaResumes: { $lt: attempt } }] },
      { mediaResumes: attempt },
    );
    return updated === 1;
  }

  async countLive(projectId: string): Promise<number> {
    const [counted] = await runSelect(this.em, COUNT_LIVE, [projectId], READ);
    return Number(counted?.live ?? 0);
  }

  async detachAgent(agentId: string): Promise<void> {
    await updateRows(this.em, CallSchema, { agentId }, { agentId: null });
  }

  async listUnconnectedWebCalls(startedBefore: Date, limit: number): Promise<readonly Call[]> {
    const rows = await findRows(
      this.em,
      CallSchema,
      { type: 'web', status: 'in-progress', providerCallId: null, startedAt: { $lt: startedBefore } },
      { startedAt: 'asc', id: 'asc' },
      limit,
    );
    return rows.map(toCall);
  }
}

/**
 * Saves a batch of turns in one statement of constant text, whatever the batch's size: the rows
 * go as one JSON parameter. Outside a transaction (a live call's turns, written behind the voice
 * loop) it is prepared once per connection and skips the ORM's query builder, which inlined every
 * value into a statement PostgreSQL parsed afresh; its knex and formatting cost garbage on the
 * event loop the calls share. A turn saved again (a barge-in truncated it) changes only what a
 * truncation changes. The parameter is text cast to jsonb: a driver that serialises by the
 * parameter's type (postgres.js) would write a string meant as jsonb as a JSON string.
 */
const SAVE_TURNS = `insert into "transcript_turns" ("id", "call_id", "sequence", "role", "content", "interrupted", "created_at", "error", "tool", "latency", "language", "sources")
  select "id", "call_id", "sequence", "role", "content", "interrupted", "created_at", "error", "tool", "latency", "language", "sources"
    from jsonb_to_recordset(?::text::jsonb) as t ("id" text, "call_id" text, "sequence" integer, "role" text, "content" text,
      "interrupted" boolean, "created_at" timestamptz, "error" text, "tool" jsonb, "latency" jsonb, "language" text, "sources" jsonb)
  on conflict ("id") do update set "content" = excluded."content", "interrupted" = excluded."interrupted"`;

/** A turn as a record of {@link SAVE_TURNS}'s JSON: its columns by name, the instant to the millisecond. */
const turnRecord = (turn: TranscriptTurn) => ({
  id: turn.id,
  call_id: turn.callId,
  sequence: turn.sequence,
  role: turn.role,
  content: turn.content,
  interrupted: turn.interrupted,
  created_at: turn.createdAt.toISOString(),
  error: turn.error ?? null,
  tool: turn.tool ?? null,
  latency: turn.latency ?? null,
  language: turn.language ?? null,
  sources: turn.sources ?? null,
});

export class MikroOrmTranscriptRepository implements TranscriptRepository {
  constructor(private readonly em: EntityManager) {}

  async save(turns: readonly TranscriptTurn[]): Promise<void> {
    if (turns.length === 0) return;
    try {
      await runSelect(this.em, SAVE_TURNS, [JSON.stringify(turns.map(turnRecord))], { prepare: true });
    } catch (error) {
      throw translateUniqueViolation(error);
    }
  }

  async listByCall(callId: string, afterSequence = 0): Promise<readonly TranscriptTurn[]> {
    const rows = await findRows(this.em, TranscriptTurnSchema, { callId, sequence: { $gt: afterSequence } }, { sequence: 'asc' });
    return rows.map(toTurn);
  }
}
