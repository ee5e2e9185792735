import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventBus } from '../../src/adapters/postgres-listen-notify/postgres-event-bus.js';
import { CustomerWebhook, readSse } from '../integration/voice/voice-harness.js';
import { eventually } from '../support/eventually.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/scratch-database.js';
import { runCli, startServerProcess, type ServerProcess } from '../support/server-process.js';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(`${PostgresEventBus.name} across two server processes`, () => {
  let scratch: ScratchDatabase | undefined;
  const dirs: string[] = [];
  const nodes: ServerProcess[] = [];
  const hook = new CustomerWebhook();
  let env: Record<string, string>;
  let apiKey: string;

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, 'sb_voice');
    env = { DATABASE_URL: scratch.url, EVENT_BUS: 'postgres' };
    await hook.start();
    hook.handler = (request, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end(request.body?.event === 'agent.message' ? `${JSON.stringify({ text: `Echo: ${request.body.data.transcript}` })}\n` : '');
    };
    const created = await runCli(['create-project', '--email', 'two-nodes@example.com'], { ...env, DATA_DIR: await newDir() });
    expect(created.code, created.stderr).toBe(0);
    apiKey = /API key[^:]*: (sk_live_\S+)/.exec(created.stdout)![1]!;
    for (let i = 0; i < 2; i++) nodes.push(await startServerProcess({ ...env, DATA_DIR: await newDir() }));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.stop()));
    await hook.stop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    await scratch?.drop();
  });

  const newDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'switchboard-voice-'));
    dirs.push(dir);
    return dir;
  };

  const api = async (node: ServerProcess, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${node.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return response.json();
  };

  it('streams on one node the transcript of a call held by the other, then its end', async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const agent = await api(a, 'POST', '/v1/agents', { name: 'Front desk', greeting: 'Hello from node A.' });
    await api(a, 'POST', `/v1/agents/${agent.id}/webhook`, { url: hook.url });
    const web = await api(a, 'POST', '/v1/calls/web', { agentId: agent.id });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const frames: any[] = [];
    const caller = new WebSocket(`${a.url.replace('http', 'ws')}/simulated/web-call?token=${encodeURIComponent(web.accessToken)}`);
    caller.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => {
      caller.once('open', resolve);
      caller.once('error', reject);
    });
    const answers = (count: number) =>
      eventually(() => frames.filter((f) => f.last).length >= count, { what: () => `an answer: ${JSON.stringify(frames)}`, within: 10_000 });
    caller.send(JSON.stringify({ type: 'prompt', voicePrompt: 'first', last: true }));
    await answers(2);

    const sut = readSse(await fetch(`${b.url}/v1/calls/${web.callId}/transcript/stream`, { headers: { authorization: `Bearer ${apiKey}` } }));
    await sut.until((events) => events.filter((e) => e.event === 'turn').length === 3, 10_000);
    caller.send(JSON.stringify({ type: 'prompt', voicePrompt: 'second', last: true }));
    await sut.until((events) => events.filter((e) => e.event === 'turn').length === 5, 10_000);
    caller.close();
    await sut.finished;

    expect(sut.events[0]).toEqual({ event: 'connected', data: { callId: web.callId } });
    expect(sut.events.at(-1)).toEqual({ event: 'ended', data: { callId: web.callId, status: 'completed' } });
    const turns = sut.events.filter((e) => e.event === 'turn').map((e) => e.data);
    expect(turns.map((t) => t.content)).toEqual(['Hello from node A.', 'first', 'Echo: first', 'second', 'Echo: second']);
    const stored = await api(b, 'GET', `/v1/calls/${web.callId}/transcript`);
    expect(turns.map((t) => t.id)).toEqual(stored.transcript.map((t: { id: string }) => t.id));
  }, 60_000);

  it('answers a wait on one node when the call held by the other ends, and a short wait with the call still going', async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const agent = await api(a, 'POST', '/v1/agents', { name: 'Waiting room', greeting: 'Hello.' });
    await api(a, 'POST', `/v1/agents/${agent.id}/webhook`, { url: hook.url });
    const web = await api(a, 'POST', '/v1/calls/web', { agentId: agent.id });
    const caller = new WebSocket(`${a.url.replace('http', 'ws')}/simulated/web-call?token=${encodeURIComponent(web.accessToken)}`);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const frames: any[] = [];
    caller.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => {
      caller.once('open', resolve);
      caller.once('error', reject);
    });
    await eventually(() => frames.some((f) => f.last), { what: 'the greeting', within: 10_000 });

    const short = await api(b, 'GET', `/v1/calls/${web.callId}?wait=true&timeout=1`);
    const waiting = api(b, 'GET', `/v1/calls/${web.callId}?wait=true&timeout=60`);
    caller.send(JSON.stringify({ type: 'prompt', voicePrompt: 'bye', last: true }));
    await eventually(() => frames.filter((f) => f.last).length >= 2, { what: 'an answer', within: 10_000 });
    caller.close();
    const ended = await waiting;

    expect(short).toMatchObject({ id: web.callId, status: 'in-progress' });
    expect(ended).toMatchObject({ id: web.callId, status: 'completed', disconnectionReason: 'caller_hangup' });
    expect(ended.transcript.map((t: { content: string }) => t.content)).toEqual(['Hello.', 'bye', 'Echo: bye']);
  }, 60_000);
});
