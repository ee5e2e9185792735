import type { EntityManager } from '@mikro-orm/postgresql';
import type { FilterQuery } from '@mikro-orm/core';
import type { ReadVersion } from '../../application/ports/read-version.js';
import type { CallDetails, CallListPage, CallListQuery, CallRepository, TranscriptRepository } from '../../application/ports/call-repositories.js';
import type { AnsweredBy, Call, CallDirection, CallStatus, CallType, TranscriptTurn, TurnRole } from '../../domain/call.js';
import type { VoiceMode } from '../../domain/agent.js';
import { CallAnalysisSchema } from './entities/call-analysis.js';
import { CallSchema, TranscriptTurnSchema, type CallRow, type TranscriptTurnRow } from './entities/call.js';
import { decodeColumn, FreeFormJson, ToolTurnJson, VariablesJson } from './json-columns.js';
import { toCallAnalysis } from './mikro-orm-call-analysis-repository.js';
import { runSelect } from './native-select.js';
import {
  conditionOf,
  containsPattern,
  findPage,
  findRow,
  findRowAlongside,
  findRows,
  fromColumns,
  lockRow,
  selectListOf,
  translateUniqueViolation,
  updateRows,
  updateRowsCounted,
  upsertRow,
  type Alongside,
} from './storage-support.js';
import { revisionsOf } from './revision-list.js';

/**
 * The one mapping of a stored call row to the domain. Native reads (findRow/findPage in
 * storage-support) and entity reads both end here, the record's columns first put in the row's
 * shape by the schema's metadata (fromColumns): a column added later (a disconnection reason, an
 * analysis) is added to the schema and here, nowhere else.
 */
const toCall = (row: CallRow): Call => ({
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
});

const toCallRow = (call: Call): CallRow => ({ ...call, metadata: call.metadata ? { ...call.metadata } : null, variables: { ...call.variables } });

const toTurn = (row: TranscriptTurnRow): TranscriptTurn => ({
  id: row.id,
  callId: row.callId,
  role: row.role as TurnRole,
  content: row.content,
  createdAt: row.createdAt,
  interrupted: row.interrupted,
  sequence: row.sequence,
  ...(row.error !== null ? { error: row.error } : {}),
  ...(row.tool ? { tool: decodeColumn(ToolTurnJson, row.tool, 'transcript_turns', 'tool', row.id) } : {}),
});

/** The filters of a call list: list and listByAgent read the same calls. */
const callFilter = (projectId: string, query: CallListQuery): FilterQuery<CallRow> => {
  const search = query.search?.trim() ? containsPattern(query.search.trim()) : null;
  return {
    projectId,
    ...(query.status ? { status: query.status } : {}),
    ...(query.direction ? { direction: query.direction } : {}),
    ...(query.type ? { type: query.type } : {}),
    ...(query.agentId ? { agentId: query.agentId } : {}),
    ...(search ? { $or: [{ fromNumber: { $ilike: search } }, { toNumber: { $ilike: search } }] } : {}),
  };
};

const PREPARED = { prepare: true } as const;
/** Plain selects, prepared. */
const READ = { prepare: true, effect: 'read' } as const;
/** A version: it may be given again while nothing is written (see SelectOptions). */
const VERSION = { prepare: true, effect: 'reusable' } as const;

/** One conditional update: of two racing claims, the second waits for the first's row lock and then finds the column set. */
const CLAIM_MEDIA = 'update "calls" set "media_connected_at" = ? where "id" = ? and "status" = \'in-progress\' and "media_connected_at" is null returning "id"';

/**
 * A call's end, its other columns untouched: one conditional update, so of two racing ends the
 * second waits for the first's row lock and then finds the call over. `is not distinct from`: the
 * carrier call may be null (a web call no browser joined).
 */
const STORE_END = `update "calls" set "status" = ?, "ended_at" = ?, "duration_seconds" = ?, "disconnection_reason" = ?, "last_transcript_snippet" = ?
  where "id" = ? and "status" = 'in-progress' and "provider_call_id" is not distinct from ? returning "id"`;

/** The project's calls in progress, through the partial index of live calls (`calls_live_project_index`). */
const COUNT_LIVE = `select count(*)::int as live from calls where project_id = ? and status = 'in-progress'`;

type Condition = NonNullable<ReturnType<typeof conditionOf>>;

/**
 * The statement of a page's version (see listVersion), its value named "version": the page's
 * calls by id and the transaction that wrote each (`xmin`: any update writes a new row version),
 * after the total, whether the agent is the project's (for an agent's calls) and the project's
 * recording setting. Parameters: {@link versionParams}.
 */
const versionOfCalls = (condition: string, byAgent: boolean): string => `select (select count(*) from calls where ${condition})
      || ';' || ${byAgent ? '(select count(*) from agents where id = ? and project_id = ?)' : `''`}
      || ';' || coalesce((select recording_enabled from projects where id = ?)::text, '')
      || ';' || ${revisionsOf('p')} as "version"
    from (select id, xmin from calls where ${condition} order by started_at desc, id desc limit ? offset ?) p`;

const versionParams = (condition: Condition, projectId: string, query: CallListQuery): unknown[] => [
  ...condition.params,
  ...(query.agentId === null ? [] : [query.agentId, projectId]),
  projectId,
  ...condition.params,
  query.limit,
  query.offset,
];

/** The page statement's parameters: the version's, then the page's own over the same filters. */
const pageParams = (condition: Condition, projectId: string, query: CallListQuery): unknown[] => [
  ...versionParams(condition, projectId, query),
  ...condition.params,
  projectId,
  ...condition.params,
  query.limit,
  query.offset,
];

/** A call list's statements for one combination of filters. */
interface CallListStatements {
  /** The page's version alone. Parameters: {@link versionParams}. */
  readonly version: string;
  /** The project's page with its version, total and recording setting. Parameters: {@link pageParams}. */
  readonly page: string;
  /** An agent's: its row left-joined to the page (see listByAgent). Parameters: the page's, then agent, project. */
  readonly agentPage: string;
}

/**
 * By the filters' condition (which filters a list sets, never their values): at most one entry
 * for each combination of them. Written once each, so each read sends the very same strings,
 * whose hash the lookups of a statement by its text keep, rather than a couple of kilobytes
 * written and hashed again for every request (see agentStatements).
 */
const callListStatements = new Map<string, CallListStatements>();

const callListStatementsOf = (em: EntityManager, condition: string, byAgent: boolean): CallListStatements => {
  const version = versionOfCalls(condition, byAgent);
  return {
    version,
    page: `select (${version}) as "__version", ${selectListOf(em, CallSchema)},
         (select count(*) from calls where ${condition}) as "__total",
         (select recording_enabled from projects where id = ?) as "__recording"
       from calls where ${condition} order by started_at desc, id desc limit ? offset ?`,
    agentPage: `select (${version}) as "__version", ${selectListOf(em, CallSchema, 'c')},
         (select count(*) from calls where ${condition}) as "__total",
         (select recording_enabled from projects where id = ?) as "__recording"
       from agents a left join (
         select ${selectListOf(em, CallSchema)} from calls where ${condition}
         order by started_at desc, id desc limit ? offset ?) as c on true
       where a.id = ? and a.project_id = ?`,
  };
};

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

  async findByProviderCallId(providerCallId: string): Promise<Call | null> {
    const row = await findRow(this.em, CallSchema, { providerCallId });
    return row && toCall(row);
  }

  /**
   * The call's row with, beside it (see Alongside), one JSON object of what its detail view
   * shows: the project's recording setting, the transcript and the analysis.
   */
  findWithDetails(projectId: string, id: string): Promise<CallDetails | null> {
    return findRowAlongside(this.em, CallSchema, { id, projectId }, this.details(), (row, details) => this.withDetails(row, details));
  }

  /**
   * The page with, beside each row, the total, the project's recording setting and the page's
   * version (uncorrelated subqueries, each run once), in one statement. An empty page has no
   * row to carry them: then, and only then, a second statement takes the version, which starts
   * with the total.
   */
  async list(projectId: string, query: CallListQuery): Promise<CallListPage> {
    const condition = this.conditionOf(projectId, query);
    const records = await runSelect(
      this.em,
      this.statementsOf(condition, query).page,
      pageParams(condition, projectId, query),
      READ,
    );
    const [first] = records;
    if (first === undefined) {
      const versioned = await this.listVersion(projectId, query);
      return { items: [], total: Number.parseInt(versioned, 10), recordingEnabled: false, version: versioned };
    }
    const items = records.map((record) => toCall(fromColumns(this.em, CallSchema, record)));
    return { items, total: Number(first.__total), recordingEnabled: first.__recording === true, version: String(first.__version) };
  }

  /**
   * The agent's row left-joined to the page of its calls (found by the same filters as list): no
   * row, no agent; one row of nulls, no call on the page. The total is counted beside the page,
   * on the agent's row, so a page past the end still carries it and the read stays one statement.
   * The subqueries beside it take no column of the agent's row, so each runs once, not once per
   * call. Prepared: its text varies with which filters are set only.
   */
  async listByAgent(projectId: string, query: CallListQuery & { readonly agentId: string }): Promise<CallListPage | null> {
    const condition = this.conditionOf(projectId, query);
    const records = await runSelect(
      this.em,
      this.statementsOf(condition, query).agentPage,
      [...pageParams(condition, projectId, query), query.agentId, projectId],
      READ,
    );
    const [first] = records;
    if (first === undefined) return null;
    const items = records.filter((record) => record.id !== null).map((record) => toCall(fromColumns(this.em, CallSchema, record)));
    return { items, total: Number(first.__total), recordingEnabled: items.length > 0 && first.__recording === true, version: String(first.__version) };
  }

  /**
   * The page's calls by id and the transaction that wrote each (`xmin`: any update writes a new
   * row version), the total, the project's recording setting and, for an agent's calls, whether
   * the agent is the project's: one statement over the same filters as {@link list}.
   */
  async listVersion(projectId: string, query: CallListQuery): Promise<ReadVersion> {
    const condition = this.conditionOf(projectId, query);
    const [record] = await runSelect(this.em, this.statementsOf(condition, query).version, versionParams(condition, projectId, query), VERSION);
    return String(record!.version);
  }

  save(call: Call): Promise<void> {
    return upsertRow(this.em, CallSchema, toCallRow(call));
  }

  private statementsOf(condition: Condition, query: CallListQuery): CallListStatements {
    const byAgent = query.agentId !== null;
    const key = `${byAgent ? 'agent' : 'project'} ${condition.sql}`;
    let statements = callListStatements.get(key);
    if (!statements) {
      statements = callListStatementsOf(this.em, condition.sql, byAgent);
      callListStatements.set(key, statements);
    }
    return statements;
  }

  private conditionOf(projectId: string, query: CallListQuery): Condition {
    const condition = conditionOf(this.em, CallSchema, callFilter(projectId, query));
    if (condition === null) throw new Error('the call filters did not compile to native SQL');
    return condition;
  }

  async claimMedia(callId: string, at: Date): Promise<boolean> {
    const claimed = await runSelect(this.em, CLAIM_MEDIA, [at, callId], PREPARED);
    return claimed.length === 1;
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

  /**
   * Subqueries correlated to the call's row; the transcript and the analysis as JSON of their rows'
   * own columns (timestamps as text), which fromColumns reads as it reads a native select's record.
   */
  private details(): Alongside {
    return {
      sql: `select json_build_object(
        'recordingEnabled', (select recording_enabled from projects where id = "calls"."project_id"),
        'transcript', (select coalesce(json_agg(t order by t.sequence), '[]'::json) from (
          select ${selectListOf(this.em, TranscriptTurnSchema)} from transcript_turns where call_id = "calls"."id") as t),
        'analysis', (select to_json(a) from (
          select ${selectListOf(this.em, CallAnalysisSchema)} from call_analyses where id = "calls"."id") as a))`,
      params: [],
    };
  }

  private withDetails(row: CallRow, details: unknown): CallDetails {
    const { recordingEnabled, transcript, analysis } = details as {
      readonly recordingEnabled: boolean | null;
      readonly transcript: readonly Record<string, unknown>[];
      readonly analysis: Record<string, unknown> | null;
    };
    return {
      call: toCall(row),
      transcript: transcript.map((record) => toTurn(fromColumns(this.em, TranscriptTurnSchema, record))),
      recordingEnabled: recordingEnabled === true,
      analysis: analysis === null ? null : toCallAnalysis(fromColumns(this.em, CallAnalysisSchema, analysis)),
    };
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
const SAVE_TURNS = `insert into "transcript_turns" ("id", "call_id", "sequence", "role", "content", "interrupted", "created_at", "error", "tool")
  select "id", "call_id", "sequence", "role", "content", "interrupted", "created_at", "error", "tool"
    from jsonb_to_recordset(?::text::jsonb) as t ("id" text, "call_id" text, "sequence" integer, "role" text, "content" text,
      "interrupted" boolean, "created_at" timestamptz, "error" text, "tool" jsonb)
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
