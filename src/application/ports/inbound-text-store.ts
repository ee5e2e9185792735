import type * as E from 'fp-ts/lib/Either.js';
import type { Conversation } from '../../domain/conversation.js';
import type { E164 } from '../../domain/e164.js';
import type { Message } from '../../domain/message.js';

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

/** A text once committed with its event, and whether the number's agent answers texts itself. */
export interface StoredText {
  readonly received: ReceivedSms;
  readonly hosted: boolean;
}

/** The text's number is not one of ours, live (or was released): nothing was stored. */
export interface UnknownNumber {
  readonly _tag: 'UnknownNumber';
  readonly to: E164;
}

export const unknownNumber = (to: E164): UnknownNumber => ({ _tag: 'UnknownNumber', to });

/**
 * Where a text to one of our numbers is stored: on the thread of (number, sender), with its
 * `agent.message` event queued in the same unit of work, and its opt-out keyword honoured. A
 * carrier id already stored is answered with its first copy. Resolves once the text has
 * committed and its event is on its way.
 */
export interface InboundTextStore {
  store(text: InboundSms): Promise<E.Either<UnknownNumber, StoredText>>;
}

/**
 * Stores several texts in one unit of work, answering each in order: what a store that gathers
 * concurrent texts writes through. A text to an unknown number fails alone; a throw fails them all.
 */
export interface InboundTextBatchStore {
  storeAll(texts: readonly InboundSms[]): Promise<readonly E.Either<UnknownNumber, StoredText>[]>;
}
