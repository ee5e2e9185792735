import { translateConnectionFailure } from './connection-failures.js';
import type { PgStatement, SqlAnswer, SqlDriver } from './sql-driver.js';
import { SqlRow } from './sql-row.js';

/**
 * A statement of the read side, declared once: its text with named parameters (`:projectId`,
 * the same name as often as the text needs it), what running it may do, and the decoder of one
 * row of its answer into `R`. `P` names the parameters' values.
 */
export interface ReadStatement<P extends Params, R> {
  readonly statement: PgStatement;
  /** The parameters' names by position: `$1` is the first. */
  readonly parameters: readonly string[];
  /** Only for the type: what `run` must be given. */
  readonly params?: P;
  /** `reusable`: its answer may be given again while nothing is written (see SelectOptions.effect). */
  readonly effect: 'read' | 'reusable';
  readonly decode: (row: SqlRow) => R;
}

/** A statement's parameters by name. */
export type Params = Readonly<Record<string, unknown>>;

/** Where the read side's statements run: outside any transaction, each answer decoded row by row. */
export interface ReadSession {
  run<P extends Params, R>(statement: ReadStatement<P, R>, params: P): Promise<R[]>;
}

const declared = new Map<string, string>();

/**
 * `sql` with its `:name` parameters numbered (`::` casts and quoted text left alone), declared
 * under `name`, which names its prepared statement on every connection and must be the
 * statement's alone.
 */
export const readStatement = <P extends Params, R>(
  name: string,
  sql: string,
  effect: 'read' | 'reusable',
  decode: (row: SqlRow) => R,
): ReadStatement<P, R> => {
  const parameters: string[] = [];
  const text = sql.replace(/'[^']*'|::|:([A-Za-z_][A-Za-z0-9_]*)/g, (match, parameter: string | undefined) => {
    if (parameter === undefined) return match;
    const index = parameters.indexOf(parameter);
    if (index >= 0) return `$${index + 1}`;
    parameters.push(parameter);
    return `$${parameters.length}`;
  });
  const known = declared.get(name);
  if (known !== undefined && known !== text) throw new Error(`two read statements are named ${name}`);
  declared.set(name, text);
  return { statement: { text, name: `sb_${name}` }, parameters, effect, decode };
};

/** The read session of one driver: it binds the named parameters, runs the statement prepared, and decodes each row. */
export class DriverReadSession implements ReadSession {
  constructor(private readonly driver: () => SqlDriver) {}

  async run<P extends Params, R>(read: ReadStatement<P, R>, params: P): Promise<R[]> {
    const values = read.parameters.map((parameter) => {
      if (!(parameter in params)) throw new Error(`${read.statement.name} needs :${parameter}`);
      return params[parameter];
    });
    let answer: SqlAnswer;
    try {
      answer = await this.driver().run(read.statement, values, { prepare: true, effect: read.effect });
    } catch (error) {
      throw translateConnectionFailure(error);
    }
    if (answer.rows.length === 0) return [];
    const row = new SqlRow(answer.columns);
    const decoded = new Array<R>(answer.rows.length);
    for (let i = 0; i < answer.rows.length; i++) decoded[i] = read.decode(row.at(answer.rows[i]!));
    return decoded;
  }
}
