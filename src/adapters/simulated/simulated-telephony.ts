import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import type { Country } from '../../domain/country.js';
import { trustE164, type E164 } from '../../domain/e164.js';
import {
  type ClosingWords,
  NUMBER_NOT_AVAILABLE,
  type AvailableNumber,
  type OutboundCall,
  type PlacedCall,
  type WebCallToken,
  type NumberWebhooks,
  type OutboundSms,
  type SentSms,
  type ProviderFailure,
  type PurchasedNumber,
  type RecordingAudio,
  type Telephony,
} from '../../application/ports/telephony.js';
import { WebCallTokens } from './web-call-tokens.js';
import { countryOfAreaCode, DEFAULT_AREA_CODES, isValidAreaCode } from './north-american-area-codes.js';

export type SimulatedOperation = 'search' | 'purchase' | 'configure' | 'release' | 'sendSms' | 'placeCall' | 'endCall' | 'fetchRecording';

interface HeldNumber {
  readonly providerId: string;
  readonly phoneNumber: E164;
  webhooks: NumberWebhooks | null;
}

/**
 * A carrier in process: fictional NXX-555-01XX numbers (reserved for fiction, never
 * dialable), a record of what is held and how it is configured, and failures injected
 * on demand so tests can break any step. With `stateFile`, what is held survives a restart,
 * as it would at a real carrier.
 */
export class SimulatedTelephony implements Telephony {
  private readonly held = new Map<string, HeldNumber>();
  private readonly failures = new Map<SimulatedOperation, ProviderFailure>();
  private sequence = 0;
  /** Every SMS handed to the carrier, oldest first. */
  readonly outbox: (OutboundSms & { readonly providerMessageId: string })[] = [];

  /** Every call placed, oldest first; the recipient "answers" when a test or the console says so. */
  readonly placedCalls: (OutboundCall & { readonly providerCallId: string })[] = [];
  /** Provider ids of the calls hung up through the carrier. */
  readonly endedCalls: string[] = [];
  /** What was said before hanging up, by carrier call id (a voicemail message). */
  readonly closingWords = new Map<string, string>();
  /** Signs and checks this instance's web call tokens. */
  readonly webCallTokens = new WebCallTokens();

  constructor(private readonly options: { readonly stateFile?: string } = {}) {
    if (options.stateFile) this.load(options.stateFile);
  }

  /** Makes the next call of `operation` fail with a carrier error. */
  failNext(operation: SimulatedOperation, message = `simulated ${operation} failure`, providerCode = '20500'): void {
    this.failures.set(operation, { _tag: 'ProviderError', message, providerCode });
  }

  /** Numbers currently held at the carrier, with their webhook configuration. */
  heldNumbers(): readonly HeldNumber[] {
    return [...this.held.values()];
  }

  async searchNumbers(query: { country: Country; areaCode: string | null; limit: number }) {
    const failed = this.takeFailure('search');
    if (failed) return E.left(failed);
    if (query.areaCode !== null && (!isValidAreaCode(query.areaCode) || countryOfAreaCode(query.areaCode) !== query.country)) {
      return E.right([]); // like a real carrier: no inventory there, not an error
    }
    const areaCodes = query.areaCode ? [query.areaCode] : DEFAULT_AREA_CODES[query.country];
    const taken = new Set([...this.held.values()].map((n) => n.phoneNumber));
    const found: AvailableNumber[] = [];
    for (const areaCode of areaCodes) {
      for (let line = 0; line < 100 && found.length < query.limit; line++) {
        const phoneNumber = trustE164(`+1${areaCode}55501${String(line).padStart(2, '0')}`);
        if (!taken.has(phoneNumber)) found.push({ phoneNumber, country: query.country, locality: null, region: null });
      }
    }
    return E.right(found);
  }

  async purchaseNumber(phoneNumber: E164, webhooks: NumberWebhooks): Promise<E.Either<ProviderFailure, PurchasedNumber>> {
    const failed = this.takeFailure('purchase');
    if (failed) return E.left(failed);
    if ([...this.held.values()].some((n) => n.phoneNumber === phoneNumber)) {
      return E.left({ _tag: 'ProviderError', message: 'PhoneNumber is not available', providerCode: NUMBER_NOT_AVAILABLE });
    }
    this.sequence += 1;
    const providerId = `PNSIM${String(this.sequence).padStart(8, '0')}${phoneNumber.slice(2)}`;
    this.held.set(providerId, { providerId, phoneNumber, webhooks });
    this.persist();
    return E.right({ providerId, phoneNumber });
  }

  async configureNumber(providerId: string, webhooks: NumberWebhooks): Promise<E.Either<ProviderFailure, void>> {
    const failed = this.takeFailure('configure');
    if (failed) return E.left(failed);
    const number = this.held.get(providerId);
    if (!number) return E.left({ _tag: 'ProviderError', message: `number ${providerId} not found`, providerCode: '20404' });
    number.webhooks = webhooks;
    this.persist();
    return E.right(undefined);
  }

  async releaseNumber(providerId: string): Promise<E.Either<ProviderFailure, void>> {
    const failed = this.takeFailure('release');
    if (failed) return E.left(failed);
    this.held.delete(providerId);
    this.persist();
    return E.right(undefined);
  }

  async sendSms(sms: OutboundSms): Promise<E.Either<ProviderFailure, SentSms>> {
    const failed = this.takeFailure('sendSms');
    if (failed) return E.left(failed);
    if (![...this.held.values()].some((n) => n.phoneNumber === sms.from)) {
      return E.left({ _tag: 'ProviderError', message: `${sms.from} is not a number held on this account`, providerCode: '21606' });
    }
    this.sequence += 1;
    const providerMessageId = `SMSIM${String(this.sequence).padStart(10, '0')}`;
    this.outbox.push({ ...sms, providerMessageId });
    return E.right({ providerMessageId, status: 'sent' });
  }

  /** Matched by status callback URL, which names our message: exact, unlike Twilio's look-up. */
  async findSentSms(sms: OutboundSms, _since: Date): Promise<E.Either<ProviderFailure, readonly SentSms[]>> {
    return E.right(
      this.outbox
        .filter((sent) => sent.statusCallbackUrl === sms.statusCallbackUrl)
        .reverse()
        .map((sent) => ({ providerMessageId: sent.providerMessageId, status: 'sent' as const })),
    );
  }

  async placeCall(call: OutboundCall): Promise<E.Either<ProviderFailure, PlacedCall>> {
    const failed = this.takeFailure('placeCall');
    if (failed) return E.left(failed);
    if (![...this.held.values()].some((n) => n.phoneNumber === call.from)) {
      return E.left({ _tag: 'ProviderError', message: `${call.from} is not a number held on this account`, providerCode: '21210' });
    }
    this.sequence += 1;
    const providerCallId = `CASIM${String(this.sequence).padStart(10, '0')}`;
    this.placedCalls.push({ ...call, providerCallId });
    return E.right({ providerCallId });
  }

  async endCall(providerCallId: string, closing?: ClosingWords): Promise<E.Either<ProviderFailure, void>> {
    const failed = this.takeFailure('endCall');
    if (failed) return E.left(failed);
    this.endedCalls.push(providerCallId);
    if (closing) this.closingWords.set(providerCallId, closing.say);
    return E.right(undefined);
  }

  async webCallToken(request: {
    readonly callId: string;
    readonly identity: string;
    readonly ttlSeconds: number;
    readonly now: Date;
  }): Promise<E.Either<ProviderFailure, WebCallToken>> {
    return E.right(this.webCallTokens.issue(request));
  }

  /** Simulated calls carry no audio, so there is never a recording to serve. */
  async fetchRecording(_recordingUrl: string): Promise<E.Either<ProviderFailure, RecordingAudio | null>> {
    const failed = this.takeFailure('fetchRecording');
    if (failed) return E.left(failed);
    return E.right(null);
  }

  private takeFailure(operation: SimulatedOperation): ProviderFailure | undefined {
    const failure = this.failures.get(operation);
    this.failures.delete(operation);
    return failure;
  }

  private load(file: string): void {
    let saved: { sequence: number; held: HeldNumber[] };
    try {
      saved = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return; // first start: nothing held yet
    }
    this.sequence = saved.sequence;
    for (const number of saved.held) this.held.set(number.providerId, number);
  }

  private persist(): void {
    const file = this.options.stateFile;
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(`${file}.tmp`, JSON.stringify({ sequence: this.sequence, held: [...this.held.values()] }), { mode: 0o600 });
    renameSync(`${file}.tmp`, file);
  }
}
