/**
 * A knex client whose every statement runs on the connection `connection` answers, which it
 * never releases: what MikroORM's own writes (`em.upsert`, `nativeDelete`, a flush) are handed,
 * through `transacting`, as a unit of work's transaction. Built as knex builds the client of a
 * transaction of its own (a child of the pool's client: the same dialect, formatter and events),
 * without the BEGIN and COMMIT knex would send: the unit of work's transaction sends those.
 */
export const transactionClient = (pool: object, connection: () => Promise<unknown>): object => {
  // Object.create: the child keeps everything of the pool's client it does not override.
  const client: { transacting?: boolean; acquireConnection?: () => Promise<unknown>; releaseConnection?: () => Promise<void> } = Object.create(pool);
  client.transacting = true;
  client.acquireConnection = connection;
  client.releaseConnection = () => Promise.resolve();
  return client;
};
