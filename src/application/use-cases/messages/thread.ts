import { recordMessage, startConversation, type Conversation } from '../../../domain/conversation.js';
import type { E164 } from '../../../domain/e164.js';
import { nextReceivedAt, type Message } from '../../../domain/message.js';
import type { PhoneNumber } from '../../../domain/phone-number.js';
import type { Clock } from '../../ports/clock.js';
import type { IdGenerator } from '../../ports/id-generator.js';
import { DuplicateKey, type Repositories } from '../../ports/repositories.js';

export type MessageDraft = Pick<
  Message,
  'direction' | 'body' | 'fromNumber' | 'toNumber' | 'status' | 'mediaUrls' | 'providerMessageId'
>;

/**
 * Stores a message on the thread of `number` with `participant`, starting the thread when
 * there is none. The thread follows the number's current agent. `receivedAt` is made
 * distinct per number (see `nextReceivedAt`) under the number's lock, so it is a safe cursor.
 */
export const appendToThread = async (
  tx: Repositories,
  deps: { readonly clock: Clock; readonly ids: IdGenerator },
  number: PhoneNumber,
  participant: E164,
  draft: MessageDraft,
): Promise<{ readonly conversation: Conversation; readonly message: Message }> => {
  await tx.messages.lockNumber(number.id);
  const now = deps.clock.now();
  const { conversation: existing, latestReceivedAt } = await tx.conversations.findThreadAndLatest(number.id, participant);
  const thread = existing ?? startConversation({ id: deps.ids.next('conv'), number, participant, now });
  const message: Message = {
    ...draft,
    id: deps.ids.next('msg'),
    projectId: number.projectId,
    conversationId: thread.id,
    phoneNumberId: number.id,
    channel: 'sms',
    errorCode: null,
    receivedAt: nextReceivedAt(now, latestReceivedAt),
  };
  const conversation = recordMessage(thread, message, number.agentId);
  // The thread first: the message row refers to it.
  await tx.conversations.save(conversation);
  await tx.messages.save(message);
  return { conversation, message };
};

const RACE_ATTEMPTS = 3;

/**
 * Runs `work` (a whole unit of work) again when storage caught a uniqueness race the number's
 * lock cannot prevent: one carrier id arriving twice at once, both copies checked before
 * either was stored. The next attempt sees what the other one committed. `work` is told which
 * attempt it is (1, 2, …).
 */
export const retryingRaces = async <A>(work: (attempt: number) => Promise<A>): Promise<A> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(attempt);
    } catch (error) {
      if (!(error instanceof DuplicateKey) || attempt >= RACE_ATTEMPTS) throw error;
    }
  }
};
