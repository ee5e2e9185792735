// The load side of bench/hosted.ts, in a worker thread: a small OpenAI-compatible model that
// streams chat-completion chunks at a steady pace, and N callers acting as Twilio (signed voice
// webhook, signed ConversationRelay socket). Both ends of the measured interval live on this one
// event loop, so they read the same performance.now() clock.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createServer } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { dialRelay } from './support/relay-caller.mjs';

const { authToken, accountSid, number, tokenGapMs } = workerData;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const ANSWER = 'Sure, let me look that up for you. Your order shipped yesterday and should arrive on Friday.'.match(/\S+\s*/g);

/** Caller's prompt → performance.now() just before the model's first token was written. */
const firstTokenAt = new Map();

const chunk = (delta, finish = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 0, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

const model = createServer(async (req, res) => {
  const parts = [];
  for await (const part of req) parts.push(part);
  const body = JSON.parse(Buffer.concat(parts).toString('utf8'));
  const prompt = body.messages.findLast((m) => m.role === 'user')?.content ?? '';
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(chunk({ role: 'assistant', content: '' }));
  for (const [i, token] of ANSWER.entries()) {
    await sleep(tokenGapMs); // time to the first token, then between tokens
    if (res.destroyed) return;
    if (i === 0) firstTokenAt.set(prompt, performance.now());
    res.write(chunk({ content: token }));
  }
  res.write(chunk({}, 'stop'));
  res.end('data: [DONE]\n\n');
});
model.keepAliveTimeout = 60_000;
await new Promise((resolve) => model.listen(0, '127.0.0.1', resolve));
parentPort.postMessage({ type: 'model', url: `http://127.0.0.1:${model.address().port}/v1` });

const oneCall = async (round, index, out) => {
  await sleep(Math.random() * Math.min(2000, round.calls * 4)); // calls ramp up
  const { socket, callSid, from, hangUp } = await dialRelay({ serverUrl: round.serverUrl, authToken, accountSid, number, index });
  out.lastUpAt = Math.max(out.lastUpAt, performance.now());
  let waiting = null;
  socket.on('message', (data) => {
    const arrivedAt = performance.now();
    const frame = JSON.parse(data.toString());
    if (!waiting || frame.type !== 'text') return;
    if (waiting.first) {
      waiting.first = false;
      const sentAt = firstTokenAt.get(waiting.prompt);
      firstTokenAt.delete(waiting.prompt);
      if (sentAt === undefined) out.unmatched++;
      else {
        out.addedMs.push(arrivedAt - sentAt);
        out.askedAt.push(waiting.sentAt);
      }
      out.firstWordsMs.push(arrivedAt - waiting.sentAt);
    }
    if (frame.last) {
      const done = waiting;
      waiting = null;
      done.resolve();
    }
  });
  socket.send(JSON.stringify({ type: 'setup', callSid, from, to: number, direction: 'inbound', callType: 'PSTN' }));
  for (let turn = 0; turn < round.turns; turn++) {
    await sleep(round.thinkMs * (0.5 + Math.random()));
    const prompt = `Where is order ${index}-${turn}-${callSid}?`;
    await new Promise((resolve) => {
      waiting = { prompt, sentAt: performance.now(), first: true, resolve };
      socket.send(JSON.stringify({ type: 'prompt', voicePrompt: prompt, lang: 'en-US', last: true }));
    });
  }
  out.firstHangUpAt = Math.min(out.firstHangUpAt, performance.now());
  await hangUp();
};

/** How long after the last call of a round connected its turns count as its steady state. */
const SETTLED_AFTER_MS = 1000;

/** The lag timer's period, taken off what it measures (it reports the whole time between its runs). */
const LAG_RESOLUTION_MS = 10;

parentPort.on('message', async (round) => {
  const out = { addedMs: [], askedAt: [], firstWordsMs: [], unmatched: 0, lastUpAt: 0, firstHangUpAt: Infinity };
  // This thread stamps both ends of the figure: how late its own event loop ran is printed beside it.
  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  lag.enable();
  const results = await Promise.allSettled(Array.from({ length: round.calls }, (_, i) => oneCall(round, i, out)));
  lag.disable();
  const failed = results.filter((r) => r.status === 'rejected');
  if (failed.length > 0) console.error(`first failure: ${failed[0].reason}`);
  // The turns asked once every call had been up for a second: the round's steady state, with no
  // call being set up beside them (the calls ramp up over up to two seconds).
  const settled = (i) => out.askedAt[i] > out.lastUpAt + SETTLED_AFTER_MS;
  const settledMs = out.addedMs.filter((_, i) => settled(i));
  // Of those, the ones asked before the round's first call hung up: every call up, none ending
  // (the calls end over the round's last seconds, as they rang over its first).
  const allUpMs = out.addedMs.filter((_, i) => settled(i) && out.askedAt[i] < out.firstHangUpAt);
  parentPort.postMessage({ type: 'done', addedMs: out.addedMs, settledMs, allUpMs, firstWordsMs: out.firstWordsMs, unmatched: out.unmatched, failures: failed.length, loadLagP99Ms: Math.max(0, lag.percentile(99) / 1e6 - LAG_RESOLUTION_MS) });
});
