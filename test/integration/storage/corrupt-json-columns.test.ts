import { rm } from 'node:fs/promises';
import * as E from 'fp-ts/lib/Either.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Repositories } from '../../../src/application/ports/repositories.js';
import { openDatabase, type Database } from '../../../src/adapters/mikro-orm/database.js';
import { CorruptJsonColumn } from '../../../src/adapters/mikro-orm/json-columns.js';
import { aCampaign } from '../../support/campaign-builders.js';
import { aMigratedDataDir } from '../../support/pglite-template.js';

describe('a stored row whose JSON column does not decode', () => {
  let dataDir: string;
  let database: Database;
  beforeAll(async () => {
    dataDir = await aMigratedDataDir('switchboard-corrupt-json-');
    database = await openDatabase({ dataDir });
  });
  afterAll(async () => {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const inTx = async <A>(work: (tx: Repositories) => Promise<A>): Promise<A> => {
    const result = await database.uow.transaction(async (tx) => E.right(await work(tx)));
    if (E.isLeft(result)) throw new Error('unexpected Left');
    return result.right;
  };

  it('is refused on the way out with its table, column and row named, not passed on as a campaign', async () => {
    const campaign = aCampaign();
    await inTx((tx) => tx.campaigns.save(campaign));
    await database.orm.em.fork().execute(`update campaigns set pacing = '{"maxConcurrentCalls": "many"}'::jsonb where id = ?`, [campaign.id]);

    const read = inTx((tx) => tx.campaigns.findById(campaign.projectId, campaign.id));

    await expect(read).rejects.toBeInstanceOf(CorruptJsonColumn);
    await expect(read).rejects.toMatchObject({ table: 'campaigns', column: 'pacing', rowId: campaign.id });
  });
});
