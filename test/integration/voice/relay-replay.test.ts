import { WebSocket } from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { ConversationRelayServer } from '../../../src/adapters/twilio/conversation-relay-server.js';
import { SimulatedTelephony } from '../../../src/adapters/simulated/simulated-telephony.js';
import { eventually } from '../../support/eventually.js';
import { createScratchDatabase } from '../../support/scratch-database.js';
import { aVoiceNodeOnPostgres, aVoiceSwitchboard, RelayClient, type VoiceHarness } from './voice-harness.js';

/** The close code a socket ends with; 'still open' if it has not closed within 10 s (so a failure does not hang). */
const closeCodeOf = (socket: WebSocket): Promise<number | 'still open'> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve('still open'), 10_000);
    socket.once('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });

/** The customer's webhook repeats each caller turn back. */
const echo = (h: VoiceHarness) => {
  h.hook.handler = (request, res) => {
    if (request.body?.event !== 'agent.message') return void res.writeHead(200).end();
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    res.end(`${JSON.stringify({ text: `You said ${request.body.data.transcript}.` })}\n`);
  };
};

/**
 * An inbound call answered on `h`, its relay socket open and set up, and its session open on
 * `h` (the socket's claim committed), so that a replay can only come second.
 */
const aLiveCall = async (h: VoiceHarness) => {
  const line = await h.anAgentOnTheLine();
  const call = await h.inboundCall(line.phoneNumber);
  const relay = await RelayClient.open(call.relayUrl!);
  relay.setup(call.callSid);
  await eventually(() => h.sut.voice().engine.find(call.callId!) !== undefined, { what: 'the call’s session open on the node that took it' });
  return { ...call, relay };
};

/** The same signed relay URL, replayed (on `h`'s own address when the call was taken elsewhere). */
const replay = async (h: VoiceHarness, callId: string) => {
  const socket = await RelayClient.open(`${h.url.replace('http', 'ws')}/twilio/relay?callId=${encodeURIComponent(callId)}`);
  const closed = closeCodeOf(socket.socket);
  socket.setup('CAreplayed');
  socket.prompt('I am taking over');
  return { socket, closed };
};

describe(`${ConversationRelayServer.name}: a replayed relay URL`, () => {
  const harnesses: VoiceHarness[] = [];
  afterEach(async () => {
    for (const h of harnesses.splice(0).reverse()) await h.stop();
  });
  const aNode = async (options: Parameters<typeof aVoiceSwitchboard>[0] = {}) => {
    const h = await aVoiceSwitchboard(options);
    harnesses.push(h);
    echo(h);
    return h;
  };

  it('is refused with a policy close while the call is live; the first socket keeps the call', async () => {
    const h = await aNode();
    const call = await aLiveCall(h);

    const second = await replay(h, call.callId!);
    expect(await second.closed).toBe(1008);
    call.relay.prompt('where is my order');
    await call.relay.until((frames) => frames.some((f) => f.last === true));

    expect(call.relay.spoken()).toEqual(['You said where is my order.']);
    expect(call.relay.closed).toBe(false);
    expect(second.socket.frames).toEqual([]);
    expect(h.hook.voiceTurns().map((turn) => turn.body.data.transcript)).toEqual(['where is my order']);
    expect(h.logger.lines).toContainEqual(expect.objectContaining({ level: 'warn', message: 'relay socket refused: the call already had one' }));
  });

  it('is refused after the first socket has gone too', async () => {
    const h = await aNode();
    const call = await aLiveCall(h);
    const firstClosed = closeCodeOf(call.relay.socket);
    call.relay.close();
    await firstClosed;

    const second = await replay(h, call.callId!);

    expect(await second.closed).toBe(1008);
    expect(second.socket.frames).toEqual([]);
    expect(h.hook.voiceTurns()).toEqual([]);
  });

  it('is refused by another node sharing the database; the node holding the call keeps it', async () => {
    const a = await aNode();
    const b = await aNode({ uow: a.uow });
    const call = await aLiveCall(a);

    const second = await replay(b, call.callId!);
    expect(await second.closed).toBe(1008);
    call.relay.prompt('still there');
    await call.relay.until((frames) => frames.some((f) => f.last === true));

    expect(call.relay.spoken()).toEqual(['You said still there.']);
    expect(b.sut.voice().engine.liveCount).toBe(0);
    expect(a.hook.voiceTurns().map((turn) => turn.body.data.transcript)).toEqual(['still there']);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('a replayed relay URL, two nodes on one PostgreSQL', () => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  it('is refused by the node that did not take the call; the one that did keeps it', async () => {
    const scratch = await createScratchDatabase(serverUrl!, 'sb_relay');
    closing.push(() => scratch.drop());
    const node = async () => {
      const h = await aVoiceNodeOnPostgres(scratch.url, closing);
      echo(h);
      return h;
    };
    const [a, b] = [await node(), await node()];
    const call = await aLiveCall(a);

    const second = await replay(b, call.callId!);
    expect(await second.closed).toBe(1008);
    call.relay.prompt('on postgres');
    await call.relay.until((frames) => frames.some((f) => f.last === true));

    expect(call.relay.spoken()).toEqual(['You said on postgres.']);
    expect(b.sut.voice().engine.liveCount).toBe(0);
    expect(second.socket.frames).toEqual([]);
  });
});

describe('the simulated web-call socket, its token replayed', () => {
  let h: VoiceHarness;
  afterEach(async () => {
    await h?.stop();
  });

  it('is refused while the first browser keeps the call', async () => {
    h = await aVoiceSwitchboard({ twilio: false, telephony: new SimulatedTelephony() });
    echo(h);
    const line = await h.anAgentOnTheLine();
    const web = await h.api('POST', '/v1/calls/web', { agentId: line.agentId });
    const url = `${h.url.replace('http', 'ws')}/simulated/web-call?token=${encodeURIComponent(web.body.accessToken)}`;
    const join = async () => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const frames: any[] = [];
      const socket = new WebSocket(url);
      socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
      const closed = closeCodeOf(socket);
      await new Promise((resolve) => socket.once('open', resolve));
      return { socket, frames, closed };
    };
    const first = await join();
    await eventually(() => first.frames.length > 0, { what: 'the greeting on the first socket' });

    const second = await join();
    expect(await second.closed).toBe(1008);
    first.socket.send(JSON.stringify({ type: 'prompt', voicePrompt: 'hello', last: true }));
    await eventually(() => first.frames.filter((f) => f.last).length >= 2, { what: 'the answer on the first socket' });

    expect(first.frames.map((f) => f.token).join('')).toBe('Hi, this is Acme.You said hello.');
    expect(first.socket.readyState).toBe(WebSocket.OPEN);
    expect(second.frames).toEqual([]);
    expect((await h.api('GET', `/v1/calls/${web.body.callId}`)).body).toMatchObject({ status: 'in-progress' });
    first.socket.close();
    await first.closed;
  });
});
