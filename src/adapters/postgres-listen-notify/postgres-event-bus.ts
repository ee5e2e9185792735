import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { AccessEvent, CallEvent, EventBus, KnowledgeEvent, Unsubscribe } from '../../application/ports/event-bus.js';
import type { Logger } from '../../application/ports/logger.js';
import { AccessListeners } from '../../application/kernel/access-listeners.js';
import { BroadcastListeners } from '../../application/kernel/broadcast-listeners.js';
import { CallListeners } from '../../application/kernel/call-listeners.js';

const CHANNEL = 'switchboard_call_events';
/** Access changes (revoked keys, suspended projects): small, always inline. */
const ACCESS_CHANNEL = 'switchboard_access_events';
/** Knowledge changes (a document's vectors to load again): small, always inline. */
const KNOWLEDGE_CHANNEL = 'switchboard_knowledge_events';
/** NOTIFY refuses payloads of 8000 bytes or more; past this a payload goes by reference. */
const INLINE_LIMIT = 7900;
/** `{"events":[` and `]}` around packed events. */
const EVENTS_ENVELOPE = 13;
const RECONNECT_MS = 1000;

/**
 * What travels in a NOTIFY: one event, several (those published together, in order), or where
 * to read one too large to travel.
 */
type Notice = { readonly event: CallEvent } | { readonly events: readonly CallEvent[] } | { readonly ref: string; readonly callId: string };

/** A call event waiting for the publishing connection: its JSON, and its publisher's promise. */
interface Outgoing {
  readonly text: string;
  readonly callId: string;
  readonly sent: () => void;
  readonly failed: (error: unknown) => void;
}

const revive = (event: CallEvent): CallEvent =>
  event.type === 'turn' ? { ...event, turn: { ...event.turn, createdAt: new Date(event.turn.createdAt) } } : event;

/** One NOTIFY's worth of events: its payload, or the one event too large to travel (sent by reference). */
interface OutgoingNotice {
  readonly items: readonly Outgoing[];
  readonly payload: string | null;
}

/**
 * The notices that carry `batch`, in order: consecutive events packed into one `{"events":[…]}`
 * up to NOTIFY's limit (one alone as `{"event":…}`), and one too large by itself on its own.
 */
const noticesOf = (batch: readonly Outgoing[]): OutgoingNotice[] => {
  const notices: OutgoingNotice[] = [];
  let packed: Outgoing[] = [];
  let bytes = EVENTS_ENVELOPE;
  const close = () => {
    if (packed.length === 1) notices.push({ items: packed, payload: `{"event":${packed[0]!.text}}` });
    if (packed.length > 1) notices.push({ items: packed, payload: `{"events":[${packed.map((item) => item.text).join(',')}]}` });
    packed = [];
    bytes = EVENTS_ENVELOPE;
  };
  for (const item of batch) {
    const size = Buffer.byteLength(item.text, 'utf8') + 1;
    if (EVENTS_ENVELOPE + size > INLINE_LIMIT) {
      close();
      notices.push({ items: [item], payload: null });
      continue;
    }
    if (bytes + size > INLINE_LIMIT) close();
    packed.push(item);
    bytes += size;
  }
  close();
  return notices;
};

/**
 * Call events across every process on one PostgreSQL: LISTEN on a connection of its own (never
 * the ORM's pool, never PGlite), NOTIFY from a second one, serialised so one publisher's
 * events arrive in order, those published together packed into one notice. A payload too large
 * for NOTIFY is stored in `event_bus_payloads` and announced by id. Access and knowledge events go
 * on a channel each; after the listening connection is lost and made again, listeners hear `missed`
 * (notices sent meanwhile are gone).
 */
export class PostgresEventBus implements EventBus {
  private readonly listeners: CallListeners;
  private readonly access: AccessListeners;
  private readonly knowledge: BroadcastListeners<KnowledgeEvent>;
  private listener: pg.Client | null = null;
  private publisher: pg.Client | null = null;
  private publishing: Promise<unknown> = Promise.resolve();
  /** Call events published and not yet sent, in order (see publish). */
  private readonly outgoing: Outgoing[] = [];
  /** Notifications are handled one after another, so a by-reference read never reorders events. */
  private receiving: Promise<void> = Promise.resolve();
  private starting: Promise<void> | null = null;
  private closed = false;
  private publishedByRef = 0;
  /** Whether a listening connection was made before: a new one may have missed notices. */
  private listened = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger?: Logger,
  ) {
    this.listeners = new CallListeners(logger);
    this.access = new AccessListeners(logger);
    this.knowledge = new BroadcastListeners('knowledge', logger);
  }

  /** Connects both sessions and starts listening. Idempotent. */
  start(): Promise<void> {
    this.starting ??= this.connect().catch((error) => {
      this.starting = null;
      throw error;
    });
    return this.starting;
  }

  /**
   * Queues the event for the publishing connection. Events published while a notice is on its way
   * go together in the next one (a live call's turns come from the record writer several at a
   * time): one NOTIFY a batch rather than one round trip an event, which capped a node at one
   * event a round trip however busy it was.
   */
  async publish(event: CallEvent): Promise<void> {
    await this.start();
    const text = JSON.stringify(event);
    await new Promise<void>((sent, failed) => {
      this.outgoing.push({ text, callId: event.callId, sent, failed });
      if (this.outgoing.length === 1) void this.inOrder(() => this.sendOutgoing());
    });
  }

  /** Sends every event queued so far, in order; each publisher hears when its own is sent, or why not. */
  private async sendOutgoing(): Promise<void> {
    const notices = noticesOf(this.outgoing.splice(0));
    for (const [i, notice] of notices.entries()) {
      try {
        if (notice.payload === null) await this.sendByReference(notice.items[0]!);
        else await this.publisher!.query('select pg_notify($1, $2)', [CHANNEL, notice.payload]);
      } catch (error) {
        for (const later of notices.slice(i)) for (const item of later.items) item.failed(error);
        return;
      }
      for (const item of notice.items) item.sent();
    }
  }

  private async sendByReference({ text, callId }: Outgoing): Promise<void> {
    const client = this.publisher!;
    const ref = randomUUID();
    await client.query('insert into event_bus_payloads (id, payload) values ($1, $2)', [ref, `{"event":${text}}`]);
    await client.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ ref, callId } satisfies Notice)]);
    if (++this.publishedByRef % 100 === 0) {
      await client.query(`delete from event_bus_payloads where created_at < now() - interval '10 minutes'`);
    }
  }

  async publishAccess(event: AccessEvent): Promise<void> {
    await this.start();
    const text = JSON.stringify(event);
    await this.inOrder(() => this.publisher!.query('select pg_notify($1, $2)', [ACCESS_CHANNEL, text]));
  }

  async subscribeAccess(listener: (event: AccessEvent) => void): Promise<Unsubscribe> {
    await this.start();
    return this.access.add(listener);
  }

  async publishKnowledge(event: KnowledgeEvent): Promise<void> {
    await this.start();
    const text = JSON.stringify(event);
    await this.inOrder(() => this.publisher!.query('select pg_notify($1, $2)', [KNOWLEDGE_CHANNEL, text]));
  }

  async subscribeKnowledge(listener: (event: KnowledgeEvent) => void): Promise<Unsubscribe> {
    await this.start();
    return this.knowledge.add(listener);
  }

  /** One publication after another, on the one publishing connection. */
  private async inOrder(run: () => Promise<unknown>): Promise<void> {
    const done = this.publishing.then(run, run);
    this.publishing = done.catch(() => undefined);
    await done;
  }

  async subscribe(callId: string, listener: (event: CallEvent) => void): Promise<Unsubscribe> {
    await this.start();
    return this.listeners.add(callId, listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.access.clear();
    this.knowledge.clear();
    await this.publishing;
    const clients = [this.listener, this.publisher];
    this.listener = null;
    this.publisher = null;
    await Promise.all(clients.map((c) => c?.end().catch(() => undefined)));
  }

  private async connect(): Promise<void> {
    const publisher = new pg.Client({ connectionString: this.databaseUrl, application_name: 'switchboard-event-bus' });
    publisher.on('error', (error) => this.logger?.error({ err: error.message }, 'event bus publisher connection failed'));
    await publisher.connect();
    this.publisher = publisher;
    await this.listen();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'switchboard-event-bus' });
    client.on('notification', (message) => {
      const payload = message.payload;
      if (message.channel === CHANNEL && payload) this.receiving = this.receiving.then(() => this.receive(payload));
      if (message.channel === ACCESS_CHANNEL && payload) this.receiveBroadcast(this.access, payload);
      if (message.channel === KNOWLEDGE_CHANNEL && payload) this.receiveBroadcast(this.knowledge, payload);
    });
    client.on('error', (error) => {
      this.logger?.error({ err: error.message }, 'event bus listener connection failed; reconnecting');
      this.reconnectLater(client);
    });
    client.on('end', () => this.reconnectLater(client));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    await client.query(`LISTEN ${ACCESS_CHANNEL}`);
    await client.query(`LISTEN ${KNOWLEDGE_CHANNEL}`);
    const again = this.listened;
    this.listener = client;
    this.listened = true;
    if (again) {
      this.access.deliver({ type: 'missed' });
      this.knowledge.deliver({ type: 'missed' });
    }
  }

  private reconnectLater(client: pg.Client): void {
    if (this.closed || this.listener !== client) return;
    this.listener = null;
    setTimeout(() => {
      if (!this.closed) this.listen().catch((error) => this.logger?.error({ err: String(error) }, 'event bus could not listen again'));
    }, RECONNECT_MS).unref();
  }

  private async receive(payload: string): Promise<void> {
    try {
      const notice = JSON.parse(payload) as Notice;
      if ('ref' in notice) {
        if (!this.listeners.has(notice.callId)) return;
        const found = await this.publisher!.query<{ payload: string }>('select payload from event_bus_payloads where id = $1', [notice.ref]);
        const row = found.rows[0];
        if (row) this.deliver(revive((JSON.parse(row.payload) as { event: CallEvent }).event));
        return;
      }
      if ('events' in notice) for (const event of notice.events) this.deliver(revive(event));
      else this.deliver(revive(notice.event));
    } catch (error) {
      this.logger?.error({ err: String(error) }, 'event bus could not read a notification');
    }
  }

  /** Our own notices, so their JSON is trusted as the event it was made from. */
  private receiveBroadcast<E extends { readonly type: string }>(listeners: BroadcastListeners<E>, payload: string): void {
    try {
      listeners.deliver(JSON.parse(payload) as E);
    } catch (error) {
      this.logger?.error({ err: String(error) }, 'event bus could not read a notification');
    }
  }

  private deliver(event: CallEvent): void {
    this.listeners.deliver(event);
  }
}
