import * as E from 'fp-ts/lib/Either.js';
import type { Contact } from '../../../domain/contact.js';
import type { Conversation } from '../../../domain/conversation.js';
import type { E164 } from '../../../domain/e164.js';
import type { Message } from '../../../domain/message.js';
import { notFound, type AppError } from '../../errors.js';
import { smsMessageEvent } from '../../events/sms-message-event.js';
import type { LiveNumber, Repositories } from '../../ports/repositories.js';
import type { QueuedEvent } from '../../ports/webhook-repositories.js';
import { deliveryOf, type QueueDeps } from '../webhooks/queue-webhook-event.js';
import { appendToThreads, type AppendedMessage } from './thread.js';

export interface InboundSms {
  /** Our number. */
  readonly to: E164;
  /** The participant. */
  readonly from: E164;
  readonly body: string;
  readonly mediaUrls: readonly string[];
  /** The carrier's id (Twilio's `MessageSid`); a second delivery of the same id is stored once. */
  readonly providerMessageId: string | null;
}

export interface ReceivedSms {
  readonly message: Message;
  readonly conversation: Conversation;
  /** True when the carrier id was already stored: nothing new was stored or queued. */
  readonly duplicate: boolean;
}

/** What became of one text, and what is left to do once its unit of work has committed. */
export interface StoredText {
  readonly received: ReceivedSms;
  /** The number's agent answers texts itself. */
  readonly hosted: boolean;
}

type Outcome = E.Either<AppError, StoredText>;

export interface StoredTexts {
  /** One per text, in order. */
  readonly outcomes: readonly Outcome[];
  /** The events queued for the texts, for the dispatcher once the unit of work commits. */
  readonly queued: readonly QueuedEvent[];
}

const copyOf = (received: ReceivedSms): StoredText => ({ received: { ...received, duplicate: true }, hosted: false });

/** The stored copies of these carrier ids, each with its thread. */
const storedCopies = async (tx: Repositories, ids: readonly (string | null)[]): Promise<ReadonlyMap<string, ReceivedSms>> => {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const copies = new Map<string, ReceivedSms>();
  for (const message of await tx.messages.findByProviderMessageIds(wanted)) {
    const conversation = await tx.conversations.findById(message.projectId, message.conversationId);
    if (conversation) copies.set(message.providerMessageId!, { message, conversation, duplicate: true });
  }
  return copies;
};

const contactKey = (projectId: string, phoneNumber: string) => `${projectId} ${phoneNumber}`;

/**
 * Stores texts to our live numbers, each on the thread of (number, sender), and queues each
 * one's `agent.message` event for the agent's webhook or the account default, all in the
 * caller's unit of work. Each step is one statement for the whole batch; the answers follow
 * the order of `texts`.
 *
 * The carrier id's unique index keeps a second copy out. A first attempt stores without looking
 * ids up (one round trip less); a copy already stored makes the message insert fail
 * (DuplicateKey), the unit of work rolls back, and the caller runs it again with `lookFirst`,
 * which answers such texts with what was stored. Two copies within one batch are told apart
 * here: the first is stored, the second answered with it. Events are queued held until
 * `heldUntil` when given (the caller's dispatcher sends them itself).
 */
export const storeInboundTexts = async (
  tx: Repositories,
  deps: QueueDeps,
  texts: readonly InboundSms[],
  options: { readonly lookFirst: boolean; readonly heldUntil: Date | null },
): Promise<StoredTexts> => {
  const { lookFirst } = options;
  const outcomes = new Array<Outcome | undefined>(texts.length);
  const stored = lookFirst ? await storedCopies(tx, texts.map((t) => t.providerMessageId)) : new Map<string, ReceivedSms>();
  const fresh = texts.flatMap((text, index) => {
    const copy = text.providerMessageId === null ? undefined : stored.get(text.providerMessageId);
    if (copy) outcomes[index] = E.right(copyOf(copy));
    return copy ? [] : [{ text, index }];
  });
  const lives = new Map<string, LiveNumber>(
    (await tx.numbers.findLiveForInbound([...new Set(fresh.map(({ text }) => text.to))])).map((live) => [live.number.phoneNumber, live]),
  );

  // A copy of a text to a number released since is still answered with what was stored.
  const toDeadNumbers = fresh.filter(({ text }) => !lives.has(text.to));
  const copiesOfDead = lookFirst ? stored : await storedCopies(tx, toDeadNumbers.map(({ text }) => text.providerMessageId));
  for (const { text, index } of toDeadNumbers) {
    const copy = text.providerMessageId === null ? undefined : copiesOfDead.get(text.providerMessageId);
    outcomes[index] = copy ? E.right(copyOf(copy)) : E.left(notFound('number', text.to));
  }

  const firstWithId = new Map<string, number>();
  const repeats: { readonly index: number; readonly of: number }[] = [];
  const toStore = fresh.filter(({ text, index }) => {
    if (!lives.has(text.to)) return false;
    const id = text.providerMessageId;
    const first = id === null ? undefined : firstWithId.get(id);
    if (first !== undefined) repeats.push({ index, of: first });
    else if (id !== null) firstWithId.set(id, index);
    return first === undefined;
  });

  const routes = toStore.map(({ text }) => lives.get(text.to)!);
  // Enough history for the widest webhook of the batch; each event keeps its own contextLimit.
  const history = Math.max(0, ...routes.map(({ endpoint }) => endpoint?.contextLimit ?? 0));
  const appended = await appendToThreads(
    tx,
    deps,
    toStore.map(({ text }, i) => ({
      number: routes[i]!.number,
      participant: text.from,
      draft: {
        direction: 'inbound',
        body: text.body,
        fromNumber: text.from,
        toNumber: text.to,
        status: 'received',
        mediaUrls: text.mediaUrls,
        providerMessageId: text.providerMessageId,
      },
    })),
    history,
  );
  const queued = await queueEvents(tx, deps, appended, routes, options.heldUntil);

  toStore.forEach(({ text, index }, i) => {
    const { conversation, message } = appended[i]!;
    outcomes[index] = E.right({
      received: { message, conversation, duplicate: false },
      hosted: lives.get(text.to)!.agentVoiceMode === 'hosted',
    });
  });
  for (const { index, of } of repeats) {
    const first = outcomes[of]!;
    outcomes[index] = E.map((done: StoredText) => copyOf(done.received))(first);
  }
  return { outcomes: outcomes.map((outcome) => outcome!), queued };
};

/**
 * Queues the `agent.message` event of each stored text whose number has an endpoint, with the
 * recent `contextLimit` messages before it and the sender's contact: one read for the contacts,
 * one insert for the events.
 */
const queueEvents = async (
  tx: Repositories,
  deps: QueueDeps,
  appended: readonly AppendedMessage[],
  routes: readonly LiveNumber[],
  heldUntil: Date | null,
): Promise<readonly QueuedEvent[]> => {
  const withEndpoint = appended.flatMap((entry, i) => {
    const { endpoint, number } = routes[i]!;
    return endpoint ? [{ ...entry, endpoint, number }] : [];
  });
  if (withEndpoint.length === 0) return [];
  const contacts = new Map<string, Contact>(
    (
      await tx.contacts.findByPhoneNumbers([
        ...new Map(withEndpoint.map(({ message: m }) => [contactKey(m.projectId, m.fromNumber), { projectId: m.projectId, phoneNumber: m.fromNumber }])).values(),
      ])
    ).map((contact) => [contactKey(contact.projectId, contact.phoneNumber), contact]),
  );
  const queued = withEndpoint.map(({ message, conversation, before, endpoint, number }) => {
    const event = smsMessageEvent({
      message,
      conversation,
      number,
      contact: contacts.get(contactKey(message.projectId, message.fromNumber)) ?? null,
      history: before.slice(0, endpoint.contextLimit).reverse(),
      now: deps.clock.now(),
    });
    return { delivery: deliveryOf(deps, endpoint, event), webhook: endpoint };
  });
  await tx.deliveries.enqueue(
    queued.map(({ delivery }) => delivery),
    heldUntil,
  );
  return queued;
};
