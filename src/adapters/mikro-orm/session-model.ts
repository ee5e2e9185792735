/** How the database is reached. */
export interface SessionModel {
  /**
   * One session only (the embedded database: one connection, so units of work run one at a
   * time and none can interleave with another).
   */
  readonly single: boolean;
}
