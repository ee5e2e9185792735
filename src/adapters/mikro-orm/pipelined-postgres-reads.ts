import postgres from 'postgres';
import type { PgStatement, SelectOptions, SqlAnswer, SqlDriver } from './sql-driver.js';

/**
 * Dates and timestamps as text, as pg hands them to MikroORM (dateOf reads both); a Date
 * parameter is sent as ISO text. JSON arrives parsed, int8 and numeric as text, as with pg.
 */
const DATES_AS_TEXT = {
  to: 1184,
  from: [1082, 1114, 1184],
  serialize: (value: unknown) => (value instanceof Date ? value.toISOString() : String(value)),
  parse: (value: string) => value,
};

const JSON_TYPES = [114, 3802];

/**
 * JSON parameters as pg sends them: text goes as it is (native statements send JSON columns and
 * lists as JSON text cast to jsonb), anything else as its JSON. postgres.js would encode text
 * once more, a JSON string rather than the document it holds. Read back as text, and parsed by
 * {@link PipelinedPostgresReads.run}, once for a run of equal documents down a column.
 */
const JSON_AS_PG_SENDS_IT = {
  to: 114,
  from: JSON_TYPES,
  serialize: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)),
  parse: (value: string) => value,
};

/** A statement's column names, and which of its columns hold JSON text to parse. */
interface RowPlan {
  readonly names: readonly string[];
  readonly jsonColumns: readonly number[];
}

/**
 * Native statements outside transactions on connections of their own (postgres.js), pipelined:
 * statements issued while earlier ones are still out are sent behind them without waiting, those
 * of one turn of the event loop in one write, and PostgreSQL answers them back to back.
 *
 * Why: a short read's cost on both sides is mostly the round trip (each process waking the
 * other), not the statement. pg sends one statement per connection at a time, so a busy server
 * paid that wake-up per statement; pipelined, one wake-up carries many, so both Switchboard and
 * PostgreSQL do markedly less work per one-row read.
 *
 * The cost: statements on one connection are answered in order, so a slow one delays those
 * behind it. The reads sent here are indexed pages and rows; `connections` spreads them further.
 *
 * The connections plan prepared statements generically (`plan_cache_mode`, set at connect).
 * Left to choose, PostgreSQL planned every execution of a page afresh: a `LIMIT` parameter
 * makes the generic plan's estimate look dearer than a custom plan's, so it never switched, and
 * planning a page of agents cost PostgreSQL more than running it. The statements here are compiled from code, each an indexed page
 * or row whose best plan does not depend on the values; the embedded store's session does the
 * same for its native reads. A statement sent unprepared is planned for its values as before.
 */
/** Parses one column's JSON text in every row, once for a run of equal texts. */
const parseDownColumn = (rows: readonly unknown[][], column: number): void => {
  let text: unknown = null;
  let value: unknown = null;
  for (const row of rows) {
    const cell = row[column];
    if (typeof cell !== 'string') continue;
    if (cell !== text) {
      text = cell;
      value = JSON.parse(cell) as unknown;
    }
    row[column] = value;
  }
};

export class PipelinedPostgresReads implements SqlDriver {
  private readonly sql: postgres.Sql;
  /** A prepared statement's columns are the same array at every execution: its plan is found without a lookup by names. */
  private readonly plans = new WeakMap<object, RowPlan>();

  constructor(databaseUrl: string, connections: number) {
    this.sql = postgres(databaseUrl, {
      max: connections,
      prepare: true,
      // Custom types and their arrays are not read here: no type lookup at each connect.
      fetch_types: false,
      types: { date: DATES_AS_TEXT, json: JSON_AS_PG_SENDS_IT },
      // pg sends undefined as NULL; postgres.js would refuse it.
      transform: { undefined: null },
      onnotice: () => undefined,
      connect_timeout: 10,
      connection: { application_name: 'switchboard-reads', plan_cache_mode: 'force_generic_plan' },
    });
  }

  /**
   * Rows come as arrays of values, as the answer hands them on. A JSON value equal to the one
   * above it in its column is not parsed again: the row takes that row's value. Pages repeat their
   * JSON (every agent of a project stores the default call behaviour and, mostly, no tools), and
   * its parse was the largest cost of a row. Rows of one answer may so share a value; reads treat
   * what they are given as read-only.
   */
  async run(statement: PgStatement, values: readonly unknown[], options: SelectOptions): Promise<SqlAnswer> {
    const rows = await this.sql.unsafe(statement.text, values as postgres.ParameterOrJSON<never>[], { prepare: options.prepare }).values();
    if (rows.length === 0) return { columns: [], rows: [] };
    const { names, jsonColumns } = this.planOf(rows.columns);
    for (const column of jsonColumns) parseDownColumn(rows, column);
    return { columns: names, rows };
  }

  private planOf(columns: readonly { readonly name: string; readonly type: number }[]): RowPlan {
    let plan = this.plans.get(columns);
    if (!plan) {
      plan = {
        names: columns.map((column) => column.name),
        jsonColumns: columns.flatMap((column, i) => (JSON_TYPES.includes(column.type) ? [i] : [])),
      };
      this.plans.set(columns, plan);
    }
    return plan;
  }

  /** Waits up to five seconds for statements under way, then closes the connections. */
  close(): Promise<void> {
    return this.sql.end({ timeout: 5 });
  }
}
