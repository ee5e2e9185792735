import { randomBytes, createHmac } from 'node:crypto';
import { twimlAttribute } from '../../support/twiml.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as E from 'fp-ts/lib/Either.js';
import twilio from 'twilio';
import { WebSocket } from 'ws';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { openDatabase } from '../../../src/adapters/mikro-orm/database.js';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import type { TracerProvider } from '@opentelemetry/api';
import type { Clock } from '../../../src/application/ports/clock.js';
import type { LanguageModel } from '../../../src/application/ports/language-model.js';
import type { Timers } from '../../../src/application/ports/timers.js';
import type { Repositories } from '../../../src/application/ports/repositories.js';
import type { Telephony } from '../../../src/application/ports/telephony.js';
import type { UnitOfWork } from '../../../src/application/ports/unit-of-work.js';
import type { SwitchboardConfig } from '../../../src/bootstrap/config.js';
import { createSwitchboard, type Switchboard } from '../../../src/bootstrap/create-switchboard.js';
import { eventually } from '../../support/eventually.js';
import { FakeTwilioApi, type WireValue } from '../../support/fake-twilio-api.js';
import { addWebCallResourcesApi } from '../../support/fake-twilio-web-call-resources.js';
import { catalogueWatch } from '../../support/outbound-events.js';
import { RecordingLogger } from '../rest/harness.js';
import { trustMailbox } from '../../../src/domain/mailbox.js';

export const ACCOUNT_SID = `AC${'ab'.repeat(16)}`;
export const AUTH_TOKEN = 'voice-test-auth-token';

const single = (value: WireValue | undefined) => (Array.isArray(value) ? value[0] : value);

/** Calls.json on the fake Twilio API: created calls are kept with the form they were created with. */
export const addCallsApi = (fake: FakeTwilioApi) => {
  const calls = new Map<string, Record<string, WireValue>>();
  const API = '/2010-04-01/Accounts/(?<accountSid>AC[0-9a-fA-F]{32})';
  const callJson = (sid: string, form: Record<string, WireValue>, status: string) => ({
    sid,
    account_sid: ACCOUNT_SID,
    to: single(form.To),
    from: single(form.From),
    status,
    direction: 'outbound-api',
    date_created: new Date().toUTCString(),
    uri: `/2010-04-01/Accounts/${ACCOUNT_SID}/Calls/${sid}.json`,
  });
  fake.addEndpoint('createCall', 'POST', `${API}/Calls\\.json`, (r) => {
    const sid = `CA${randomBytes(16).toString('hex')}`;
    calls.set(sid, r.form);
    return { status: 201, body: callJson(sid, r.form, 'queued') };
  });
  fake.addEndpoint('updateCall', 'POST', `${API}/Calls/(?<sid>CA\\w+)\\.json`, (r) => {
    const form = calls.get(r.params.sid!);
    if (!form) return { status: 404, body: { code: 20404, message: 'not found', status: 404 } };
    return { status: 200, body: callJson(r.params.sid!, form, single(r.form.Status) ?? 'in-progress') };
  });
  return calls;
};

/** One request the customer's webhook received. */
export interface HookRequest {
  readonly headers: IncomingMessage['headers'];
  readonly raw: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any;
  /** The sender went away before the answer was complete. */
  aborted: boolean;
  /** The sender's port: which of its connections carried the request. */
  readonly remotePort: number | undefined;
  readonly closed: Promise<void>;
}

export type HookHandler = (request: HookRequest, response: ServerResponse) => void | Promise<void>;

/**
 * The customer's server: records every request and answers with the handler the test sets.
 * Every body must be an event of the catalogue (see `catalogueWatch`): one that is not fails the test.
 */
export class CustomerWebhook {
  readonly requests: HookRequest[] = [];
  /** The sender's port of each connection accepted, oldest first. */
  readonly connections: (number | undefined)[] = [];
  private readonly catalogue = catalogueWatch();
  handler: HookHandler = (_, res) => void res.writeHead(200).end();
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.serve(req, res));
    this.server.on('connection', (socket) => this.connections.push(socket.remotePort));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
    return this;
  }

  /** Voice turns only (agent.message), oldest first. */
  voiceTurns(): HookRequest[] {
    return this.requests.filter((r) => r.body?.event === 'agent.message');
  }

  next(predicate: (r: HookRequest) => boolean, timeoutMs = 5000): Promise<HookRequest> {
    return eventually(() => this.requests.find(predicate), { what: 'the webhook to receive such a request', within: timeoutMs });
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
    this.catalogue.verify();
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let resolveClosed!: () => void;
    const request: HookRequest = {
      headers: req.headers,
      raw,
      body: JSON.parse(raw || 'null'),
      aborted: false,
      remotePort: req.socket.remotePort,
      closed: new Promise<void>((resolve) => (resolveClosed = resolve)),
    };
    res.on('close', () => {
      if (!res.writableFinished) request.aborted = true;
      resolveClosed();
    });
    this.requests.push(request);
    this.catalogue.check(raw);
    await this.handler(request, res);
  }
}

/** Whether a request carries a valid `X-Webhook-Signature` for `secret`. */
export const signedWith = (request: HookRequest, secret: string): boolean => {
  const timestamp = String(request.headers['x-webhook-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${request.raw}`).digest('hex')}`;
  return request.headers['x-webhook-signature'] === expected;
};

/** A ConversationRelay socket as Twilio holds it: frames received, frames to send. */
export class RelayClient {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly frames: any[] = [];
  closed = false;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => this.frames.push(JSON.parse(data.toString())));
    socket.on('close', () => (this.closed = true));
  }

  /**
   * Opens the socket with Twilio's signature over the URL exactly as the TwiML names it; `via`:
   * the address actually connected to (a node behind the load balancer the URL names).
   */
  static async open(url: string, authToken = AUTH_TOKEN, via?: string): Promise<RelayClient> {
    const signature = twilio.getExpectedTwilioSignature(authToken, url, {});
    const socket = new WebSocket(via ?? url, { headers: { 'X-Twilio-Signature': signature } });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', (_, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
    return new RelayClient(socket);
  }

  send(frame: object): void {
    this.socket.send(JSON.stringify(frame));
  }

  setup(callSid: string): void {
    this.send({ type: 'setup', sessionId: 'VX1', callSid, from: '+15551230000', to: '+15551239999', direction: 'inbound', callType: 'PSTN' });
  }

  prompt(text: string, lang = 'en-US'): void {
    this.send({ type: 'prompt', voicePrompt: text, lang, last: true });
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async until(predicate: (frames: any[]) => boolean, timeoutMs = 5000): Promise<void> {
    await eventually(() => predicate(this.frames), { what: () => `relay frames to match; got ${JSON.stringify(this.frames)}`, within: timeoutMs });
  }

  /** The agent's words per talk cycle. */
  spoken(): string[] {
    const said: string[] = [];
    let current = '';
    for (const frame of this.frames) {
      if (frame.type !== 'text') continue;
      current += frame.token;
      if (frame.last) {
        said.push(current);
        current = '';
      }
    }
    if (current) said.push(current);
    return said;
  }

  close(): void {
    this.socket.close();
  }
}

/** One attribute of the first element of that name in TwiML, read by an XML parser. */
export const attributeOf = (twiml: string, element: string, attribute: string): string | null => twimlAttribute(twiml, element, attribute);

/**
 * A Switchboard on a real HTTP server (REST, Twilio webhooks, WebSocket upgrades wired the
 * way an embedding host does it), with Twilio as the carrier pointed at a fake REST API,
 * in-memory storage the test can read, and a customer webhook server.
 */
export const aVoiceSwitchboard = async (
  options: {
    readonly config?: Partial<SwitchboardConfig>;
    readonly telephony?: Telephony;
    readonly twilio?: boolean;
    /** The Switchboard's clock (default: the system's). */
    readonly clock?: Clock;
    /** Live calls' timers (default: the system's). */
    readonly timers?: Timers;
    /** TWILIO_API_KEY_SID and friends, for web calls. */
    readonly webCalls?: { readonly apiKeySid?: string; readonly apiKeySecret?: string; readonly twimlAppSid?: string; readonly primaryCustomerProfileSid?: string };
    /** The store (default: a new in-memory one); e.g. a PGlite one, or another harness's, for two nodes sharing one. */
    readonly uow?: UnitOfWork;
    /** Where the Switchboard's spans go (default: nowhere). */
    readonly tracerProvider?: TracerProvider;
    /** Answers hosted agents (default: none). */
    readonly languageModel?: LanguageModel;
    /** Twilio's REST API shared with other nodes (left running on stop); default: a fake of this node's own. */
    readonly sharedTwilioApi?: FakeTwilioApi;
  } = {},
) => {
  const useTwilio = options.twilio ?? true;
  const fake = options.sharedTwilioApi ?? (await FakeTwilioApi.start({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN }));
  const placedCalls = addCallsApi(fake);
  const webCallResources = addWebCallResourcesApi(fake);
  const hook = await new CustomerWebhook().start();
  const uow: UnitOfWork = options.uow ?? new InMemoryUnitOfWork();
  const logger = new RecordingLogger();
  let sb: Switchboard | null = null;
  const server = createServer((req, res) => sb!.requestListener(req, res));
  server.on('upgrade', (req, socket, head) => void sb!.handleUpgrade(req, socket, head).then((taken) => taken || socket.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sut = createSwitchboard({
    env: {},
    unitOfWork: uow,
    logger,
    clock: options.clock,
    timers: options.timers,
    ...(options.tracerProvider ? { tracerProvider: options.tracerProvider } : {}),
    ...(options.languageModel ? { languageModel: options.languageModel } : {}),
    telephony: options.telephony ?? (useTwilio ? undefined : new SimulatedTelephony()),
    config: {
      publicUrl: url,
      twilio: useTwilio ? { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, apiUrl: fake.url, ...options.webCalls } : null,
      // The AI disclosure is on by default; tests that are about it turn it on again.
      aiDisclosure: null,
      // Live calls are ended at once on close, unless a test waits for them.
      drainTimeoutMs: 0,
      ...options.config,
    },
  });
  sb = sut;
  await sut.start();

  const api = async (method: string, path: string, body?: unknown, key = owner.key) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let parsed: any = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, body: parsed, text };
  };

  /** POSTs a form signed as Twilio signs its webhooks. */
  const twilioPost = async (path: string, params: Record<string, string>) => {
    const target = `${url}${path}`;
    const signature = twilio.getExpectedTwilioSignature(AUTH_TOKEN, target, params);
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      body: new URLSearchParams(params).toString(),
    });
    return { status: response.status, text: await response.text() };
  };

  const read = async <A>(work: (tx: Repositories) => Promise<A>): Promise<A> => {
    const result = await uow.transaction(async (tx) => E.right(await work(tx)));
    if (E.isLeft(result)) throw new Error('unexpected Left');
    return result.right;
  };

  const created = await sut.useCases().projects.createProject.execute({ email: trustMailbox(`voice-${randomBytes(4).toString('hex')}@example.com`) })();
  if (E.isLeft(created)) throw new Error('project not created');
  const owner = { key: created.right.apiKey.clear, projectId: created.right.project.id };

  /** An agent with a number and a webhook; returns their ids and the webhook secret. */
  const anAgentOnTheLine = async (fields: Record<string, unknown> = {}, webhook: Record<string, unknown> = {}) => {
    const agent = await api('POST', '/v1/agents', { name: 'Acme support', greeting: 'Hi, this is Acme.', ...fields });
    if (agent.status !== 200) throw new Error(agent.text);
    const number = await api('POST', '/v1/numbers', { agentId: agent.body.id });
    if (number.status !== 200) throw new Error(number.text);
    const hooked = await api('POST', `/v1/agents/${agent.body.id}/webhook`, { url: hook.url, ...webhook });
    if (hooked.status !== 200) throw new Error(hooked.text);
    return { agentId: agent.body.id as string, numberId: number.body.id as string, phoneNumber: number.body.phoneNumber as string, secret: hooked.body.secret as string };
  };

  /** Twilio rings the number: the voice webhook answers with TwiML; the relay socket opens. */
  const inboundCall = async (to: string, from = '+14155550123') => {
    const callSid = `CA${randomBytes(16).toString('hex')}`;
    const answer = await twilioPost('/twilio/voice', { CallSid: callSid, AccountSid: ACCOUNT_SID, From: from, To: to, CallStatus: 'ringing', Direction: 'inbound' });
    const relayUrl = attributeOf(answer.text, 'ConversationRelay', 'url');
    const callId = relayUrl ? new URL(relayUrl).searchParams.get('callId') : null;
    return { callSid, twiml: answer.text, status: answer.status, relayUrl, callId };
  };

  const stop = async () => {
    // Calls still live are ended on close, and their end is sent to the webhook: answered at once, whatever the test's handler did.
    hook.handler = (_, res) => void res.writeHead(200).end();
    await sut.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    if (!options.sharedTwilioApi) await fake.stop();
    // Last: it fails the test when the webhook received a body outside the event catalogue.
    await hook.stop();
  };

  /**
   * Resolves once what live calls handed over so far (turns, voice-turn deliveries) is written:
   * it is written behind the voice loop, at most once a window, so a read right after a frame may
   * not see the turn yet.
   */
  const stored = () => sut.voice().engine.stored();

  return { sut, url, fake, placedCalls, webCallResources, hook, uow, logger, owner, api, twilioPost, read, stored, anAgentOnTheLine, inboundCall, stop };
};

export type VoiceHarness = Awaited<ReturnType<typeof aVoiceSwitchboard>>;

/** Writes NDJSON lines, one per call, keeping the answer open until `end()`. */
export const ndjson = (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  return {
    line: (value: object) => void res.write(`${JSON.stringify(value)}\n`),
    end: () => void res.end(),
  };
};

/** One Server-Sent Event as a client reads it. */
export interface SseEvent {
  readonly event: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly data: any;
}

/** Reads an SSE response as it arrives; `comments` counts `:` lines (heartbeats). */
export const readSse = (response: Response) => {
  const events: SseEvent[] = [];
  let comments = 0;
  let done = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n');
        if (lines.every((l) => l.startsWith(':'))) comments++;
        const event = lines.find((l) => l.startsWith('event:'))?.slice(6).trim();
        const data = lines.filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\n');
        if (event) events.push({ event, data: data ? JSON.parse(data) : null });
        end = buffer.indexOf('\n\n');
      }
    }
    done = true;
  })();
  return {
    events,
    get comments() {
      return comments;
    },
    get done() {
      return done;
    },
    finished: reading,
    async until(predicate: (events: SseEvent[]) => boolean, timeoutMs = 5000): Promise<void> {
      await eventually(() => predicate(events), { what: () => `SSE events to match; got ${JSON.stringify(events)}`, within: timeoutMs });
    },
  };
};

/**
 * A node of its own on the PostgreSQL database at `databaseUrl` (its own connections, as a second
 * server would have); its database and itself are pushed to `closing`, to be closed last first.
 */
export const aVoiceNodeOnPostgres = async (
  databaseUrl: string,
  closing: (() => Promise<void>)[],
  config: Partial<SwitchboardConfig> = {},
  sharedTwilioApi?: FakeTwilioApi,
): Promise<VoiceHarness> => {
  const database = await openDatabase({ databaseUrl, dataDir: '.' });
  closing.push(() => database.close());
  const harness = await aVoiceSwitchboard({ uow: database.uow, config, ...(sharedTwilioApi ? { sharedTwilioApi } : {}) });
  closing.push(() => harness.stop());
  return harness;
};
