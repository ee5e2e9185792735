import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { smsBodyProblem } from '../../../domain/message.js';
import { validation, type NotFound, type Validation } from '../../errors.js';
import { DependencyUnavailable } from '../../ports/dependency-unavailable.js';
import type { OutboundEventEncoder } from '../../ports/outbound-event-encoder.js';
import type { EventHandOff } from '../../ports/webhook-repositories.js';
import { GroupCommit } from '../../kernel/group-commit.js';
import type { HostedReplies } from '../../ports/hosted-replies.js';
import type { CoreDeps } from '../common/deps.js';
import { retryingRaces } from '../common/uniqueness-races.js';
import { storeInboundTexts, type InboundSms, type ReceivedSms, type StoredText } from './inbound-text-storage.js';

export type { InboundSms, ReceivedSms } from './inbound-text-storage.js';

export interface ReceiveInboundSmsDeps extends CoreDeps {
  readonly eventEncoder: OutboundEventEncoder;
  /** Where the texts' events go once stored: this process's dispatcher, or any dispatcher's claim. */
  readonly eventHandOff: EventHandOff;
  /** Answers texts to hosted agents, after the text is committed; none: texts are only stored and queued. */
  readonly hostedReplies?: HostedReplies;
  /** Most texts stored by one unit of work (default 64). */
  readonly maxTextsPerCommit?: number;
}

/** The text's number is not one of ours, live; or its body is longer than a text can be. */
export type ReceiveInboundSmsError = NotFound | Validation;

/**
 * A text to one of our live numbers: stored on the thread of (number, sender), and in the
 * same unit of work the `agent.message` event queued for the agent's webhook or the account
 * default. Receiving needs no carrier registration (10DLC only concerns sending). A body over
 * the carrier's limit for one text is refused, whichever carrier brings it: no real one can.
 *
 * Texts that arrive while a unit of work is being written are stored together by the next one
 * (see GroupCommit): each answer still waits for its own text's commit, and a busy number's
 * texts no longer take turns one unit of work each.
 */
export class ReceiveInboundSms {
  private readonly commits: GroupCommit<InboundSms, E.Either<ReceiveInboundSmsError, StoredText>>;

  constructor(private readonly deps: ReceiveInboundSmsDeps) {
    this.commits = new GroupCommit((texts) => this.storeAll(texts), {
      maxBatch: deps.maxTextsPerCommit ?? 64,
      isShared: (error) => error instanceof DependencyUnavailable,
    });
  }

  execute(input: InboundSms): TE.TaskEither<ReceiveInboundSmsError, ReceivedSms> {
    return async () => {
      const tooLong = smsBodyProblem(input.body);
      if (tooLong !== null) return E.left(validation('body', tooLong));
      const result = await this.commits.submit(input);
      if (E.isRight(result) && result.right.hosted) {
        const { message } = result.right.received;
        this.deps.hostedReplies?.replyTo({ projectId: message.projectId, conversationId: message.conversationId, messageId: message.id });
      }
      return E.map(({ received }: StoredText) => received)(result);
    };
  }

  /**
   * One unit of work for the batch; a text that fails on its own (unknown number) does not undo
   * the others. Its events go on their way once it has committed.
   */
  private async storeAll(texts: readonly InboundSms[]): Promise<readonly E.Either<ReceiveInboundSmsError, StoredText>[]> {
    const { outcomes, sendEvents } = await retryingRaces(async () =>
      E.toUnion(await this.deps.uow.transaction(async (tx) => E.right(await storeInboundTexts(tx, this.deps, texts)))),
    );
    sendEvents();
    return outcomes;
  }
}
