import * as E from 'fp-ts/lib/Either.js';
import type { E164 } from '../../../domain/e164.js';
import {
  unknownNumber,
  type InboundSms,
  type InboundTextBatchStore,
  type InboundTextStore,
  type ReceivedSms,
  type StoredText,
  type UnknownNumber,
} from '../../ports/inbound-text-store.js';
import type { OutboundEventEncoder } from '../../ports/outbound-event-encoder.js';
import type { LiveNumber, Repositories } from '../../ports/repositories.js';
import { smsMessageEvent } from '../../events/sms-message-event.js';
import type { EventHandOff, SendAfterCommit } from '../../ports/webhook-repositories.js';
import { deliveryOf, type QueueDeps } from '../../webhooks/outbox.js';
import type { CoreDeps } from '../common/deps.js';
import { retryingRaces } from '../common/uniqueness-races.js';
import { recordOptChanges } from './opt-outs.js';
import { appendToThreads, type AppendedMessage, type MessageDraft } from './thread.js';

type Outcome = E.Either<UnknownNumber, StoredText>;

export interface UnitOfWorkInboundTextStoreDeps extends CoreDeps {
  readonly eventEncoder: OutboundEventEncoder;
  /** Where the texts' events go once stored: this process's dispatcher, or any dispatcher's claim. */
  readonly eventHandOff: EventHandOff;
}

/**
 * Stores the texts it is given together in one unit of work, and gets their events on their way
 * once it has committed. Alone it gives each text a unit of work of its own; a batching store in
 * front of it (see BatchedInboundTextStore) hands it the texts that arrive together.
 */
export class UnitOfWorkInboundTextStore implements InboundTextStore, InboundTextBatchStore {
  constructor(private readonly deps: UnitOfWorkInboundTextStoreDeps) {}

  async store(text: InboundSms): Promise<Outcome> {
    const [outcome] = await this.storeAll([text]);
    return outcome!;
  }

  /** A text that fails on its own (unknown number) does not undo the others. */
  async storeAll(texts: readonly InboundSms[]): Promise<readonly Outcome[]> {
    const { outcomes, sendEvents } = await retryingRaces(async () =>
      E.toUnion(await this.deps.uow.transaction(async (tx) => E.right(await storeInboundTexts(tx, this.deps, texts)))),
    );
    sendEvents();
    return outcomes;
  }
}

interface StoredTexts {
  /** One per text, in order. */
  readonly outcomes: readonly Outcome[];
  /** Gets the texts' events on their way: run once the unit of work has committed. */
  readonly sendEvents: SendAfterCommit;
}

interface InboundTextDeps extends QueueDeps {
  readonly eventHandOff: EventHandOff;
}

const copyOf = (received: ReceivedSms): StoredText => ({ received: { ...received, duplicate: true }, hosted: false });

/** The stored copies of the texts' carrier ids, each with its thread. */
const storedCopies = async (tx: Repositories, texts: readonly InboundSms[]): Promise<ReadonlyMap<string, ReceivedSms>> => {
  const wanted = [...new Set(texts.flatMap(({ providerMessageId: id }) => (id === null ? [] : [id])))];
  if (wanted.length === 0) return new Map();
  const copies = new Map<string, ReceivedSms>();
  for (const message of await tx.messages.findByProviderMessageIds(wanted)) {
    const conversation = await tx.conversations.findById(message.projectId, message.conversationId);
    if (conversation) copies.set(message.providerMessageId!, { message, conversation, duplicate: true });
  }
  return copies;
};

/** The first copy of a carrier id, which answers every other: one stored before, or the batch's own. */
type Original = { readonly stored: ReceivedSms } | { readonly index: number };

/** What becomes of a text: stored, answered with the first copy of its carrier id, or refused. */
type Fate =
  | { readonly kind: 'store'; readonly text: InboundSms; readonly route: LiveNumber }
  | { readonly kind: 'copy'; readonly of: Original }
  | { readonly kind: 'unknown number'; readonly to: E164 };

const fatesOf = (
  texts: readonly InboundSms[],
  lives: ReadonlyMap<string, LiveNumber>,
  stored: ReadonlyMap<string, ReceivedSms>,
): readonly Fate[] => {
  const originals = new Map<string, Original>([...stored].map(([id, received]) => [id, { stored: received }]));
  return texts.map((text, index): Fate => {
    const id = text.providerMessageId;
    const original = id === null ? undefined : originals.get(id);
    if (original) return { kind: 'copy', of: original };
    const route = lives.get(text.to);
    if (!route) return { kind: 'unknown number', to: text.to };
    if (id !== null) originals.set(id, { index });
    return { kind: 'store', text, route };
  });
};

/**
 * Stores texts to our live numbers, each on the thread of (number, sender), and queues each
 * one's `agent.message` event for the agent's webhook or the account default, all in the
 * caller's unit of work. Each step is one statement for the whole batch; the answers follow
 * the order of `texts`.
 *
 * A carrier id is stored once. The first copy of each (one stored before, else the batch's
 * first) answers every other with what it stored, and nothing is stored or queued for those,
 * a copy of a text to a number released since included. The stored copies are looked up under
 * the numbers' locks, so a copy that another unit of work committed meanwhile is seen; the
 * carrier id's unique index stays the last word (see retryingRaces).
 */
const storeInboundTexts = async (tx: Repositories, deps: InboundTextDeps, texts: readonly InboundSms[]): Promise<StoredTexts> => {
  const lives = new Map<string, LiveNumber>(
    (await tx.numbers.findLiveForInbound([...new Set(texts.map((text) => text.to))])).map((live) => [live.number.phoneNumber, live]),
  );
  await tx.messages.lockNumbers([...new Set([...lives.values()].map(({ number }) => number.id))]);
  const fates = fatesOf(texts, lives, await storedCopies(tx, texts));

  const toStore = fates.flatMap((fate, index) => (fate.kind === 'store' ? [{ ...fate, index }] : []));
  const routes = toStore.map(({ route }) => route);
  const appended = await appendToThreads(
    tx,
    deps,
    toStore.map(({ text, route }) => ({ number: route.number, participant: text.from, draft: inboundDraft(text) })),
    // Enough history for the widest webhook of the batch; each event keeps its own contextLimit.
    Math.max(0, ...routes.map(({ endpoint }) => endpoint?.contextLimit ?? 0)),
  );
  const sendEvents = await queueEvents(tx, deps, appended, routes);
  await recordOptChanges(
    tx,
    deps,
    toStore.map(({ text, route }, i) => ({ projectId: route.number.projectId, from: text.from, body: text.body, conversationId: appended[i]!.conversation.id })),
  );

  const stored = new Map<number, StoredText>(
    toStore.map(({ index, route }, i) => {
      const { conversation, message } = appended[i]!;
      return [index, { received: { message, conversation, duplicate: false }, hosted: route.agentVoiceMode === 'hosted' }];
    }),
  );
  const outcomes = fates.map((fate, index): Outcome => {
    switch (fate.kind) {
      case 'store':
        return E.right(stored.get(index)!);
      case 'copy':
        return E.right(copyOf('stored' in fate.of ? fate.of.stored : stored.get(fate.of.index)!.received));
      case 'unknown number':
        return E.left(unknownNumber(fate.to));
    }
  });
  return { outcomes, sendEvents };
};

const inboundDraft = (text: InboundSms): MessageDraft => ({
  direction: 'inbound',
  body: text.body,
  fromNumber: text.from,
  toNumber: text.to,
  status: 'received',
  mediaUrls: text.mediaUrls,
  providerMessageId: text.providerMessageId,
});

/**
 * Queues the `agent.message` event of each stored text whose number has an endpoint, with the
 * recent `contextLimit` messages before it and the sender's contact (both read with the
 * threads): one insert for the events.
 */
const queueEvents = async (
  tx: Repositories,
  deps: InboundTextDeps,
  appended: readonly AppendedMessage[],
  routes: readonly LiveNumber[],
): Promise<SendAfterCommit> => {
  const withEndpoint = appended.flatMap((entry, i) => {
    const { endpoint, number } = routes[i]!;
    return endpoint ? [{ ...entry, endpoint, number }] : [];
  });
  if (withEndpoint.length === 0) return deps.eventHandOff.queue(tx.deliveries, []);
  const queued = withEndpoint.map(({ message, conversation, before, contact, endpoint, number }) => {
    const event = smsMessageEvent({
      message,
      conversation,
      number,
      contact,
      history: before.slice(0, endpoint.contextLimit).reverse(),
      now: deps.clock.now(),
    });
    return { delivery: deliveryOf(deps, endpoint, event), webhook: endpoint };
  });
  return deps.eventHandOff.queue(tx.deliveries, queued);
};
