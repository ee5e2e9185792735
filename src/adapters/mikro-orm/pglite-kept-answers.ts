import type { SqlAnswer } from './sql-driver.js';

/** Where the database's write-ahead log ends, seen when the session's count of possible writes stood at `writes`. */
export interface LogPosition {
  readonly writes: number;
  readonly lsn: string;
}

/** The most answers kept (each a short read's rows). */
const MOST_KEPT = 10_000;

/**
 * Answers of reusable reads on the embedded PGlite (see `SelectOptions.effect`), given again
 * while the database has not changed since they were read.
 *
 * Whether it has changed is told in two steps. The session counts every exchange that may have
 * written (every one of pg's connections, and native statements not marked as reads): while the
 * count stands, nothing can have changed, and an answer costs no call into PGlite at all. Once it
 * has moved, one short statement reads the end of the write-ahead log: every committed write, and
 * every uncommitted one a read could wait behind, moves it, so an answer stamped with the same
 * position is still the database's answer. The count alone would not do: a background job's
 * transaction that changed nothing (a claim that found no row) or a read through the ORM moves
 * it, and that happens every second on an idle node. Reads may move the position too (pruning a
 * page writes to the log), which only makes an answer be read again.
 */
export class KeptAnswers {
  private readonly answers = new Map<string, { readonly lsn: string; readonly answer: SqlAnswer }>();
  private position: LogPosition | null = null;
  /** The position being read, so that requests arriving together read it once. */
  private reading: Promise<void> | null = null;

  constructor(
    /** The session's count of exchanges that may have written. */
    private readonly writes: () => number,
    /** Reads the log's end now, with the count when it was read. */
    private readonly readPosition: () => Promise<LogPosition>,
  ) {}

  /** The answer kept for `key`, if nothing has been written since it was read. */
  async find(key: string): Promise<SqlAnswer | undefined> {
    if (this.position?.writes !== this.writes()) await this.readPositionOnce();
    const answer = this.answers.get(key);
    return answer !== undefined && this.position?.writes === this.writes() && this.position.lsn === answer.lsn ? answer.answer : undefined;
  }

  /**
   * Keeps the answer of a read that ran when the count stood at `writes`, if the log's position
   * at that count is known: then no possible write came between, and the position is the read's.
   * The rows are frozen: every caller gets the same.
   */
  keep(key: string, writes: number, answer: SqlAnswer): void {
    if (this.position?.writes !== writes) return;
    for (const row of answer.rows) Object.freeze(row);
    Object.freeze(answer.rows);
    Object.freeze(answer);
    this.answers.delete(key); // to the newest end
    this.answers.set(key, { lsn: this.position.lsn, answer });
    if (this.answers.size > MOST_KEPT) this.answers.delete(this.answers.keys().next().value!);
  }

  private async readPositionOnce(): Promise<void> {
    this.reading ??= this.readPosition()
      .then((position) => {
        // An answer stamped with another position can never be given again.
        if (this.position !== null && this.position.lsn !== position.lsn) this.answers.clear();
        if (this.position === null || position.writes >= this.position.writes) this.position = position;
      })
      .finally(() => (this.reading = null));
    await this.reading;
  }
}
