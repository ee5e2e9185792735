import type { CallRow, TranscriptTurnRow } from '../entities/call.js';
import type { CallAnalysisRow } from '../entities/call-analysis.js';
import { readStatement } from '../read-session.js';
import { SqlRow } from '../sql-row.js';
import { ANALYSIS_COLUMNS, analysisRow, CALL_COLUMNS, callRow, jsonRowOf, selectList, TURN_COLUMNS, turnRow } from './rows.js';

/** One call of a project. */
export type CallDetailsParams = { readonly projectId: string; readonly callId: string };

/** A call with what its detail view shows beside it. */
export interface CallDetailsRow {
  readonly call: CallRow;
  readonly recordingEnabled: boolean;
  readonly transcript: readonly TranscriptTurnRow[];
  readonly analysis: CallAnalysisRow | null;
}

/** Each JSON array of `arrays` a row of a table of `columns`, decoded. */
const rowsOf = <R>(arrays: unknown[], columns: readonly string[], decode: (r: SqlRow) => R): R[] => {
  const row = new SqlRow(columns);
  return arrays.map((values) => decode(row.at(Array.isArray(values) ? values : [])));
};

/**
 * The call's row, and beside it, in subqueries correlated to it: the project's recording setting,
 * the transcript in order and the analysis, each row of theirs one JSON array of its columns.
 */
export const callDetails = readStatement<CallDetailsParams, CallDetailsRow>(
  'call_details',
  `select ${selectList(CALL_COLUMNS, 'c')},
     (select recording_enabled from projects where id = c.project_id) as "__recording_enabled",
     (select coalesce(json_agg(${jsonRowOf(TURN_COLUMNS, 't', ['created_at'])} order by t.sequence), '[]'::json)
        from transcript_turns t where t.call_id = c.id) as "__transcript",
     (select ${jsonRowOf(ANALYSIS_COLUMNS, 'a', ['next_attempt_at', 'created_at', 'completed_at'])}
        from call_analyses a where a.id = c.id) as "__analysis"
   from calls c where c.id = :callId and c.project_id = :projectId`,
  'read',
  (r) => ({
    call: callRow(r),
    recordingEnabled: !r.isNull('__recording_enabled') && r.boolean('__recording_enabled'),
    transcript: rowsOf(r.array('__transcript'), TURN_COLUMNS, turnRow),
    analysis: r.isNull('__analysis') ? null : (rowsOf([r.array('__analysis')], ANALYSIS_COLUMNS, analysisRow)[0] ?? null),
  }),
);
