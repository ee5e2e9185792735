import * as E from 'fp-ts/lib/Either.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/adapters/mikro-orm/database.js';
import { queriesOf } from '../../../src/bootstrap/composition/store-queries.js';
import { TimeSortableIdGenerator } from '../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import { ClaimedHandOff } from '../../../src/application/webhooks/dispatcher-hand-off.js';
import { ReceiveInboundSms } from '../../../src/application/use-cases/messages/receive-inbound-sms.js';
import { trustE164 } from '../../../src/domain/e164.js';
import { createScratchDatabase, type ScratchDatabase } from '../../support/scratch-database.js';
import { aWebhook } from '../../support/builders.js';
import { aTextReceiver, LINE, seedTextingLine } from '../../unit/application/messages/messaging-fixture.js';
import { eventEncoder } from '../../support/outbound-events.js';

const serverUrl = process.env.TEST_DATABASE_URL;

/** Real PostgreSQL, several connections: the races the unique indexes and the retries settle. */
describe.skipIf(!serverUrl)(`${ReceiveInboundSms.name} on PostgreSQL, concurrently`, () => {
  let scratch: ScratchDatabase | undefined;
  let database: Database;
  let sut: ReceiveInboundSms;

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, 'sb_test');
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: '.' });
    await database.uow.transaction(async (tx) => {
      await seedTextingLine(tx, ['+14155550100', '+14155550101', '+14155550102'].map(trustE164));
      await tx.webhooks.save(aWebhook({ projectId: LINE.projectId }));
      return E.right(undefined);
    });
    // Every text arrives in the same millisecond: each must still get its own receivedAt.
    sut = aTextReceiver({ uow: database.uow, clock: new FixedClock(), ids: new TimeSortableIdGenerator(), eventHandOff: new ClaimedHandOff({ poke: () => {} }), eventEncoder });
  });

  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('stores simultaneous texts once each, on one thread, at distinct receivedAt, with one event each', async () => {
    const texts = Array.from({ length: 8 }, (_, i) => ({
      to: trustE164('+14155550100'),
      from: trustE164('+14155550199'),
      body: `text ${i}`,
      mediaUrls: [],
      providerMessageId: `SMrace${i % 4}`,
    }));

    const results = await Promise.all(texts.map((text) => sut.execute(text)()));

    expect(results.every(E.isRight)).toBe(true);
    const stored = await queriesOf(database.uow).numberMessages.window(LINE.projectId, 'num_1', { limit: 50, before: null, after: null });
    const messages = stored?.items ?? [];
    expect(messages.map((m) => m.providerMessageId).sort()).toEqual(['SMrace0', 'SMrace1', 'SMrace2', 'SMrace3']);
    expect(new Set(messages.map((m) => m.receivedAt.getTime())).size).toBe(4);
    expect(new Set(messages.map((m) => m.conversationId)).size).toBe(1);
    const queued = await database.orm.em.fork().getConnection().execute<{ count: number }[]>(
      'select count(*)::int as count from webhook_deliveries',
    );
    expect(queued).toEqual([{ count: 4 }]);
  });

  it('lets two processes store overlapping batches (the same numbers, the same carrier ids) without deadlock or a second copy', async () => {
    // Two receivers on one database: each commits its texts in groups and locks its batch's numbers.
    const other = aTextReceiver({ uow: database.uow, clock: new FixedClock(), ids: new TimeSortableIdGenerator(), eventHandOff: new ClaimedHandOff({ poke: () => {} }), eventEncoder });
    const ours = ['+14155550100', '+14155550101', '+14155550102'].map(trustE164);
    const text = (i: number, to: (typeof ours)[number]) => ({
      to,
      from: trustE164(`+1415555${String(2000 + (i % 7)).padStart(4, '0')}`),
      body: `batch text ${i}`,
      mediaUrls: [],
      providerMessageId: `SMbatch${i}`,
    });
    // The same 60 texts reach both: one in its numbers' order, the other in the reverse order.
    const forwards = Array.from({ length: 60 }, (_, i) => text(i, ours[i % 3]!));
    const backwards = Array.from({ length: 60 }, (_, i) => text(59 - i, ours[(59 - i) % 3]!));

    const results = await Promise.all([...forwards.map((t) => sut.execute(t)()), ...backwards.map((t) => other.execute(t)())]);

    expect(results.every(E.isRight)).toBe(true);
    const rows = await database.orm.em.fork().getConnection().execute<{ phone_number_id: string; n: number; instants: number; threads: number }[]>(
      `select phone_number_id, count(*)::int as n, count(distinct received_at)::int as instants, count(distinct conversation_id)::int as threads
       from messages where provider_message_id like 'SMbatch%' group by phone_number_id order by phone_number_id`,
    );
    expect(rows).toEqual([
      { phone_number_id: 'num_1', n: 20, instants: 20, threads: 7 },
      { phone_number_id: 'num_2', n: 20, instants: 20, threads: 7 },
      { phone_number_id: 'num_3', n: 20, instants: 20, threads: 7 },
    ]);
    const copies = results.filter((r) => E.isRight(r) && r.right.duplicate).length;
    expect(copies).toBe(60);
    const queued = await database.orm.em.fork().getConnection().execute<{ count: number }[]>(
      `select count(*)::int as count from webhook_deliveries d join messages m on m.id = d.message_id where m.provider_message_id like 'SMbatch%'`,
    );
    expect(queued).toEqual([{ count: 60 }]);
  });
});
