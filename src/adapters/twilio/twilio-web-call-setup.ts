import * as E from 'fp-ts/lib/Either.js';
import type twilio from 'twilio';
import type { Logger } from '../../application/ports/logger.js';
import type { ProviderFailure } from '../../application/ports/telephony.js';
import type { WebCallCredentials, WebCallSetup } from '../../application/ports/web-call-credentials.js';
import { SecretSeal } from './secret-seal.js';

/** Runs one SDK call, its failure as the port states it (and logged). */
export type TwilioAttempt = <T>(operation: string, run: () => Promise<T>) => Promise<E.Either<ProviderFailure, T>>;

const FRIENDLY_NAME = 'Switchboard web calls';
const ALREADY_GONE = '20404';

const isGone = (removed: E.Either<ProviderFailure, unknown>) => E.isRight(removed) || removed.left.providerCode === ALREADY_GONE;

/** Twilio's refusal, naming what Switchboard was making for web calls when it came. */
const couldNotCreate = (what: string) => (failure: ProviderFailure): ProviderFailure => ({
  ...failure,
  message: `could not create the ${what} that web calls need: ${failure.message}`,
});

/**
 * Web calls on an account configured by SID and auth token alone: Switchboard makes the API
 * key that signs Voice SDK tokens and the TwiML App that browser calls go to, through Twilio's
 * REST API. The key's secret is shown by Twilio once, at creation; it is kept sealed with a key
 * derived from the auth token.
 */
export class TwilioWebCallSetup implements WebCallSetup {
  readonly account: string;
  private readonly seal: SecretSeal;

  constructor(
    private readonly deps: {
      readonly client: twilio.Twilio;
      readonly accountSid: string;
      readonly authToken: string;
      readonly attempt: TwilioAttempt;
      readonly logger?: Logger;
    },
  ) {
    this.account = deps.accountSid;
    this.seal = new SecretSeal(deps.authToken, deps.accountSid);
  }

  /** The key's secret in clear, or null when it was sealed under other account credentials. */
  secretOf(credentials: WebCallCredentials): string | null {
    return credentials.account === this.account ? this.seal.open(credentials.sealedSecret, credentials.keyId) : null;
  }

  opens(credentials: WebCallCredentials): boolean {
    return this.secretOf(credentials) !== null;
  }

  /** The key first, then the App; when the App fails, the key is deleted again. */
  async create(request: { readonly voiceUrl: string; readonly now: Date }): Promise<E.Either<ProviderFailure, WebCallCredentials>> {
    const { client, attempt } = this.deps;
    const key = await attempt('createApiKey', () => client.newKeys.create({ friendlyName: FRIENDLY_NAME }));
    if (E.isLeft(key)) return E.left(couldNotCreate('Twilio API key')(key.left));
    const app = await attempt('createTwimlApp', () =>
      client.applications.create({ friendlyName: FRIENDLY_NAME, voiceUrl: request.voiceUrl, voiceMethod: 'POST' }),
    );
    if (E.isLeft(app)) {
      await this.removeKey(key.right.sid);
      return E.left(couldNotCreate('TwiML App')(app.left));
    }
    this.deps.logger?.info({ apiKeySid: key.right.sid, twimlAppSid: app.right.sid, voiceUrl: request.voiceUrl }, 'made the API key and TwiML App of web calls');
    return E.right({
      account: this.account,
      keyId: key.right.sid,
      sealedSecret: this.seal.seal(key.right.secret, key.right.sid),
      applicationId: app.right.sid,
      voiceUrl: request.voiceUrl,
      createdAt: request.now,
    });
  }

  async discard(credentials: WebCallCredentials): Promise<void> {
    const removed = await this.deps.attempt('removeTwimlApp', () => this.deps.client.applications(credentials.applicationId).remove());
    if (!isGone(removed)) this.leftBehind({ twimlAppSid: credentials.applicationId });
    await this.removeKey(credentials.keyId);
  }

  private async removeKey(sid: string): Promise<void> {
    const removed = await this.deps.attempt('removeApiKey', () => this.deps.client.keys(sid).remove());
    if (!isGone(removed)) this.leftBehind({ apiKeySid: sid });
  }

  /** Names what stays at Twilio unused (by SID, never a secret), for the operator to delete. */
  private leftBehind(resource: Record<string, string>): void {
    this.deps.logger?.warn(resource, 'could not delete an unused web-call resource at Twilio; delete it in the Twilio console');
  }
}
