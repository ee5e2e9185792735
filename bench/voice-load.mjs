// The load side of bench/voice.ts, in a worker thread: the customer's webhook (answers NDJSON
// at once) and N callers acting as Twilio (signed voice webhook, signed ConversationRelay socket).
import { createServer } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { dialRelay } from './support/relay-caller.mjs';

const { authToken, accountSid, number } = workerData;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const hook = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    res.write('{"text":"Sure, let me look that up for you."}\n');
    res.end('{"text":"Your order shipped yesterday."}\n');
  });
});
hook.keepAliveTimeout = 60_000;
await new Promise((resolve) => hook.listen(0, '127.0.0.1', resolve));
parentPort.postMessage({ type: 'hook', url: `http://127.0.0.1:${hook.address().port}/voice` });

const oneCall = async (round, index, roundTripMs) => {
  await sleep(Math.random() * round.rampMs); // calls ramp up
  const { socket, callSid, from } = await dialRelay({ serverUrl: round.serverUrl, authToken, accountSid, number, index });
  let waiting = null;
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString());
    if (!waiting || frame.type !== 'text') return;
    if (waiting.first) {
      roundTripMs.push(performance.now() - waiting.sentAt);
      waiting.first = false;
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
    await new Promise((resolve) => {
      waiting = { sentAt: performance.now(), first: true, resolve };
      socket.send(JSON.stringify({ type: 'prompt', voicePrompt: `Where is order ${index}-${turn}?`, lang: 'en-US', last: true }));
    });
  }
  socket.close();
};

parentPort.on('message', async (round) => {
  if (round.type) return; // the idle mode's messages, below
  const roundTripMs = [];
  const results = await Promise.allSettled(Array.from({ length: round.calls }, (_, i) => oneCall(round, i, roundTripMs)));
  const failed = results.filter((r) => r.status === 'rejected');
  if (failed.length > 0) {
    const { reason } = failed[0];
    console.error(`first failure: ${reason}${reason?.cause ? ` (${reason.cause.code ?? reason.cause.message ?? reason.cause})` : ''}`);
  }
  parentPort.postMessage({ type: 'done', roundTripMs, failures: failed.length });
});

// Idle mode: calls that connect, hear the greeting and then say nothing until told to hang up.
const idleSockets = [];
parentPort.on('message', async (message) => {
  if (message.type === 'idle') {
    let failures = 0;
    for (let start = 0; start < message.calls; start += 100) {
      const batch = Array.from({ length: Math.min(100, message.calls - start) }, async (_, i) => {
        const { socket, callSid, from } = await dialRelay({ serverUrl: message.serverUrl, authToken, accountSid, number, index: start + i });
        socket.send(JSON.stringify({ type: 'setup', callSid, from, to: number, direction: 'inbound', callType: 'PSTN' }));
        idleSockets.push(socket);
      });
      failures += (await Promise.allSettled(batch)).filter((r) => r.status === 'rejected').length;
    }
    parentPort.postMessage({ type: 'connected', failures });
  } else if (message.type === 'hangup') {
    await Promise.all(idleSockets.splice(0).map((socket) => new Promise((resolve) => {
      socket.once('close', resolve);
      socket.close();
    })));
    parentPort.postMessage({ type: 'closed' });
  }
});
