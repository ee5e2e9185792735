import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { smsBodyProblem } from '../../../domain/message.js';
import { notFound, validation, type NotFound, type Validation } from '../../errors.js';
import type { InboundSms, InboundTextStore, ReceivedSms } from '../../ports/inbound-text-store.js';
import type { HostedReplies } from '../../ports/hosted-replies.js';
import type { ServiceActivity } from '../../ports/service-activity.js';

export type { InboundSms, ReceivedSms } from '../../ports/inbound-text-store.js';

export interface ReceiveInboundSmsDeps {
  /** Stores the text with its event; the composition root decides whether concurrent texts share a unit of work. */
  readonly texts: InboundTextStore;
  /** Answers texts to hosted agents, after the text is committed; none: texts are only stored and queued. */
  readonly hostedReplies?: HostedReplies;
  /** Counts the texts received; absent: nobody counts. */
  readonly activity?: ServiceActivity;
}

/** The text's number is not one of ours, live; or its body is longer than a text can be. */
export type ReceiveInboundSmsError = NotFound | Validation;

/**
 * A text to one of our live numbers: stored on the thread of (number, sender), and in the
 * same unit of work the `agent.message` event queued for the agent's webhook or the account
 * default. Receiving needs no carrier registration (10DLC only concerns sending). A body over
 * the carrier's limit for one text is refused, whichever carrier brings it: no real one can.
 * A text to a hosted agent is handed to it once committed.
 */
export class ReceiveInboundSms {
  constructor(private readonly deps: ReceiveInboundSmsDeps) {}

  execute(input: InboundSms): TE.TaskEither<ReceiveInboundSmsError, ReceivedSms> {
    return async () => {
      const tooLong = smsBodyProblem(input.body);
      if (tooLong !== null) return E.left(validation('body', tooLong));
      const stored = await this.deps.texts.store(input);
      if (E.isLeft(stored)) return E.left(notFound('number', stored.left.to));
      const { received, hosted } = stored.right;
      this.deps.activity?.texted('inbound');
      if (hosted) {
        const { message } = received;
        this.deps.hostedReplies?.replyTo({ projectId: message.projectId, conversationId: message.conversationId, messageId: message.id });
      }
      return E.right(received);
    };
  }
}
