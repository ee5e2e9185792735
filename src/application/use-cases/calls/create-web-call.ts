import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { answeredAs, type Call } from '../../../domain/call.js';
import { withRecordingDisclosure } from '../../../domain/recording-disclosure.js';
import type { CallVariables } from '../../../domain/call-variables.js';
import { notFound, type NotFound, type ProviderError } from '../../errors.js';
import type { Telephony } from '../../ports/telephony.js';
import type { WebCallCredentialKeeper } from '../../voice/web-call-credential-keeper.js';
import type { CoreDeps } from '../common/deps.js';

/** The spec's lifetime of a web call token. */
export const WEB_CALL_TOKEN_SECONDS = 30;

export interface CreatedWebCall {
  readonly call: Call;
  readonly accessToken: string;
  readonly expiresAt: Date;
}

export type CreateWebCallError = NotFound | ProviderError;

/**
 * A browser call to an agent: the call is opened in progress and a token issued (valid 30 s)
 * that the browser client joins it with. It needs no phone number. The carrier's web-call
 * credentials come first, outside the call's unit of work: the first request may make them
 * at the carrier, in a unit of work of their own.
 */
export class CreateWebCall {
  constructor(
    private readonly deps: CoreDeps & {
      readonly telephony: Telephony;
      readonly credentials: WebCallCredentialKeeper;
      /** Said before the greeting of recorded calls of projects without their own; absent or null: none. */
      readonly recordingDisclosure?: string | null;
    },
  ) {}

  execute(input: {
    readonly projectId: string;
    readonly agentId: string;
    readonly metadata: Readonly<Record<string, unknown>> | null;
  }): TE.TaskEither<CreateWebCallError, CreatedWebCall> {
    return async () => {
      const credentials = await this.deps.credentials.credentials();
      if (E.isLeft(credentials)) return credentials;
      return this.deps.uow.transaction(async (tx): Promise<E.Either<CreateWebCallError, CreatedWebCall>> => {
        const agent = await tx.agents.findById(input.projectId, input.agentId);
        if (!agent) return E.left(notFound('agent', input.agentId));
        const id = this.deps.ids.next('call');
        const now = this.deps.clock.now();
        const token = await this.deps.telephony.webCallToken({
          callId: id,
          identity: id,
          ttlSeconds: WEB_CALL_TOKEN_SECONDS,
          now,
          credentials: credentials.right,
        });
        if (E.isLeft(token)) return token;
        // The metadata's text values fill `{{name}}` placeholders, as a phone call's variables do.
        const variables: CallVariables = {
          ...Object.fromEntries(Object.entries(input.metadata ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
          now: now.toISOString(),
        };
        const project = await tx.projects.findById(input.projectId);
        const call = withRecordingDisclosure({
          id,
          projectId: input.projectId,
          agentId: agent.id,
          phoneNumberId: null,
          fromNumber: `client:${id}`,
          toNumber: 'web',
          direction: 'inbound',
          type: 'web',
          startedAt: now,
          providerCallId: null,
          ...answeredAs(agent, variables),
          metadata: input.metadata,
        }, project, this.deps.recordingDisclosure ?? null);
        await tx.calls.save(call);
        return E.right({ call, accessToken: token.right.token, expiresAt: token.right.expiresAt });
      });
    };
  }
}
