import * as E from 'fp-ts/lib/Either.js';
import { TimeSortableIdGenerator } from '../../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { FixedClock } from '../../../src/adapters/system/fixed-clock.js';
import { ClaimedHandOff } from '../../../src/application/webhooks/dispatcher-hand-off.js';
import type { InboundSms } from '../../../src/application/use-cases/messages/receive-inbound-sms.js';
import { aTextReceiver } from '../../unit/application/messages/messaging-fixture.js';
import { trustE164 } from '../../../src/domain/e164.js';
import { anInboundSms } from '../../support/builders.js';
import { provisionNumberViaApi, createAgentViaApi, aRestApi } from '../rest/harness.js';
import { eventEncoder } from '../../support/outbound-events.js';

export const PARTICIPANT = trustE164('+12125550199');

/**
 * The REST API on in-memory storage and the simulated carrier, plus inbound SMS the way the
 * simulated carrier delivers it: the use case itself, here on a clock the test moves.
 */
export const aMessagingApi = async (options: Parameters<typeof aRestApi>[0] = {}) => {
  const h = await aRestApi(options);
  const clock = new FixedClock(new Date('2026-05-01T12:00:00.000Z'));
  const pokes: number[] = [];
  const inbound = aTextReceiver({
    uow: h.uow,
    clock,
    ids: new TimeSortableIdGenerator(),
    eventHandOff: new ClaimedHandOff({ poke: () => void pokes.push(Date.now()) }),
    eventEncoder,
  });

  const phoneOf = (numberId: string) => h.uow.tables.numbers.get(numberId)!.phoneNumber;

  /** An inbound text to one of our numbers; returns the stored message and its thread. */
  const receive = async (numberId: string, body: string, sms: Partial<InboundSms> = {}) => {
    const result = await inbound.execute(anInboundSms({ to: phoneOf(numberId), from: PARTICIPANT, body, ...sms }))();
    if (E.isLeft(result)) throw new Error(`inbound SMS refused: ${JSON.stringify(result.left)}`);
    return result.right;
  };

  /** An agent with one number attached. */
  const anAgentWithNumber = async (fields: Record<string, unknown> = {}) => {
    const agentId = await createAgentViaApi(h, fields);
    const numberId = await provisionNumberViaApi(h, { agentId });
    return { agentId, numberId, phoneNumber: phoneOf(numberId) };
  };

  return { ...h, clock, receive, anAgentWithNumber, phoneOf, pokes };
};
