import { randomBytes } from 'node:crypto';
import twilio from 'twilio';
import type { FakeTwilioApi, WireValue } from '../../support/fake-twilio-api.js';
import type { LoadBalancer } from '../../support/load-balancer.js';
import { twimlElements } from '../../support/twiml.js';
import { ACCOUNT_SID, AUTH_TOKEN, RelayClient } from './voice-harness.js';

const single = (value: WireValue | undefined) => (Array.isArray(value) ? value[0] : value);

/** One phone call as Twilio holds it: the caller's leg stays while its relay sessions come and go. */
export class CarrierCall {
  /** Every relay session the call had, oldest first. */
  readonly sessions: RelayClient[] = [];
  /** What the caller said while the call moved between sessions, for the next one. */
  private held: string[] | null = null;
  ended = false;
  /** Why the call could not move to a new session, if it could not. */
  failure: string | null = null;

  constructor(
    readonly callSid: string,
    readonly callId: string,
  ) {}

  get relay(): RelayClient {
    return this.sessions.at(-1)!;
  }

  /** The caller speaks: to the session connected now, or to the next one while the call moves. */
  say(text: string): void {
    if (this.held) this.held.push(text);
    else this.relay.prompt(text);
  }

  /** The agent's words per talk cycle, across every session. */
  spoken(): string[] {
    return this.sessions.flatMap((session) => session.spoken());
  }

  moving(): void {
    this.held ??= [];
  }

  moved(session: RelayClient): void {
    this.sessions.push(session);
    const held = this.held ?? [];
    this.held = null;
    for (const text of held) session.prompt(text);
  }
}

/**
 * Twilio as far as live relay calls go, in front of nodes behind a load balancer: it rings a
 * number (the voice webhook through the balancer), opens the ConversationRelay socket the TwiML
 * names (on a node the balancer would pick, signed for the public URL), and follows a Calls API
 * redirect to new ConversationRelay TwiML as Twilio does: the session's socket is closed and a
 * new one opened for the same call, the caller's words in between kept for it.
 */
export class TwilioCarrier {
  readonly calls = new Map<string, CarrierCall>();
  /** The TwiML of every redirect, oldest first. */
  readonly redirects: string[] = [];
  private readonly moves = new Set<Promise<void>>();

  constructor(
    fake: FakeTwilioApi,
    private readonly lb: LoadBalancer,
  ) {
    // Added before any node's own Calls endpoints, so this one answers.
    fake.addEndpoint('updateCall', 'POST', '/2010-04-01/Accounts/(?<accountSid>AC[0-9a-fA-F]{32})/Calls/(?<sid>CA\\w+)\\.json', (r) => {
      const call = this.calls.get(r.params.sid!);
      if (!call) return { status: 404, body: { code: 20404, message: 'not found', status: 404 } };
      const twiml = single(r.form.Twiml);
      if (twiml && twimlElements(twiml, 'ConversationRelay').length > 0) this.follow(call, twiml);
      else {
        call.ended = true;
        call.relay.close();
      }
      return { status: 200, body: { sid: call.callSid, account_sid: ACCOUNT_SID, status: 'in-progress' } };
    });
  }

  /** Rings `to` from `from`: the voice webhook answers, the relay socket opens and is set up. */
  async dial(to: string, from: string): Promise<CarrierCall> {
    const callSid = `CA${randomBytes(16).toString('hex')}`;
    const answer = await this.post('/twilio/voice', { CallSid: callSid, AccountSid: ACCOUNT_SID, From: from, To: to, CallStatus: 'ringing', Direction: 'inbound' });
    const relayUrl = twimlElements(answer, 'ConversationRelay')[0]?.attributes.url;
    if (!relayUrl) throw new Error(`no ConversationRelay in ${answer}`);
    const call = new CarrierCall(callSid, new URL(relayUrl).searchParams.get('callId')!);
    this.calls.set(callSid, call);
    call.moved(await this.connect(call, relayUrl));
    return call;
  }

  /** The caller hangs up: the socket closes and Twilio reports the call completed. */
  async hangUp(call: CarrierCall): Promise<void> {
    call.ended = true;
    call.relay.close();
    await this.post('/twilio/voice/status', { CallSid: call.callSid, AccountSid: ACCOUNT_SID, CallStatus: 'completed', CallDuration: '30' });
  }

  /** Resolves once every redirect so far has its new session. */
  async settled(): Promise<void> {
    await Promise.all([...this.moves]);
  }

  private follow(call: CarrierCall, twiml: string): void {
    this.redirects.push(twiml);
    call.moving();
    call.relay.close();
    const url = twimlElements(twiml, 'ConversationRelay')[0]!.attributes.url!;
    const move = this.connect(call, url).then(
      (session) => call.moved(session),
      (error: unknown) => void (call.failure = String(error)),
    );
    this.moves.add(move);
    void move.finally(() => this.moves.delete(move));
  }

  private async connect(call: CarrierCall, relayUrl: string): Promise<RelayClient> {
    const node = await this.lb.pick();
    if (!node) throw new Error('no node is up');
    const at = new URL(relayUrl);
    const session = await RelayClient.open(relayUrl, AUTH_TOKEN, `${node.replace(/^http/, 'ws')}${at.pathname}${at.search}`);
    session.setup(call.callSid);
    return session;
  }

  /** A form POST to the public URL, signed as Twilio signs it; the answer's text. */
  private async post(path: string, params: Record<string, string>): Promise<string> {
    const url = `${this.lb.url}${path}`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, params) },
      body: new URLSearchParams(params).toString(),
    });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text}`);
    return text;
  }
}
