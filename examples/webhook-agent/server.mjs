#!/usr/bin/env node
// An example webhook agent for Switchboard: plain Node (20+), no dependencies. Copy this file,
// change `answerCall` and `answerText`, and point an agent's webhook at it.
//
//   WEBHOOK_SECRET=whsec_…        the secret returned when the webhook was saved (required)
//   SWITCHBOARD_API_KEY=sk_live_… a project API key, to reply to texts (POST /v1/messages)
//   SWITCHBOARD_URL=http://127.0.0.1:3000   where Switchboard is
//   PORT=4000  HOST=127.0.0.1                where this server listens
//
//   node examples/webhook-agent/server.mjs
//
// Every request is logged on stdout, one line each way, so you can watch the traffic.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const SECRET = process.env.WEBHOOK_SECRET ?? '';
const API_KEY = process.env.SWITCHBOARD_API_KEY ?? '';
const SWITCHBOARD_URL = (process.env.SWITCHBOARD_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const PORT = Number(process.env.PORT ?? 4000);
const HOST = process.env.HOST ?? '127.0.0.1';
/** How long the pretend look-up takes: what the "one moment" covers. */
const THINKING_MS = Number(process.env.THINKING_MS ?? 300);

if (SECRET === '') {
  console.error('WEBHOOK_SECRET is not set: use the secret returned when the webhook was saved (whsec_…)');
  process.exit(1);
}

const log = (line) => process.stdout.write(`${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The signature (docs/events.md): `sha256=` + hex HMAC-SHA256 of "{X-Webhook-Timestamp}.{raw
// body}", keyed with the whole whsec_… string. Checked on the raw bytes, before JSON.parse, in
// constant time, and only within 5 minutes of the timestamp (a replayed request is refused).
// ---------------------------------------------------------------------------------------------
const isFromSwitchboard = (headers, rawBody) => {
  const timestamp = String(headers['x-webhook-timestamp'] ?? '');
  if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${rawBody}`).digest('hex')}`);
  const given = Buffer.from(String(headers['x-webhook-signature'] ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
};

// ---------------------------------------------------------------------------------------------
// Voice: one `agent.message` per caller turn. The answer is streamed as NDJSON: each line is
// spoken as soon as it arrives, so an `interim` line covers the time the real answer takes.
// Keys of a line: text, interim, digits (keys to press), action ("transfer" | "hangup").
// ---------------------------------------------------------------------------------------------
const answerCall = (data) => {
  const said = data.transcript.toLowerCase();
  if (data.dtmf !== undefined) return [{ text: `You pressed ${data.dtmf}.` }];
  if (/\b(person|human|someone|operator|transfer)\b/.test(said)) {
    // Cold transfer to the agent's transferNumber; the call leaves Switchboard.
    return [{ text: 'Transferring you to a person now.', action: 'transfer' }];
  }
  if (/\bextension\b/.test(said)) {
    const extension = /\d+/.exec(said)?.[0] ?? '204';
    return [{ text: `Dialling extension ${extension}.`, digits: extension }];
  }
  if (/\b(bye|goodbye|that's all)\b/.test(said)) return [{ text: 'Goodbye!', action: 'hangup' }];
  if (/\b(hours|open|close)\b/.test(said)) return [{ text: "We're open nine to five, Monday to Friday." }];
  return [{ text: `You said: ${data.transcript}. Ask me for our hours, an extension, or a person.` }];
};

const streamVoiceAnswer = async (response, data) => {
  response.writeHead(200, { 'content-type': 'application/x-ndjson' });
  const send = (line) => {
    log(`  → ${JSON.stringify(line)}`);
    response.write(`${JSON.stringify(line)}\n`);
  };
  if (data.dtmf === undefined) {
    send({ text: 'One moment.', interim: true });
    await sleep(THINKING_MS); // a database or an API would be asked here
  }
  for (const line of answerCall(data)) send(line);
  response.end();
};

// ---------------------------------------------------------------------------------------------
// Texts: the webhook's answer is ignored; the reply is a request of our own to Switchboard.
// ---------------------------------------------------------------------------------------------
const answerText = (data) =>
  /\btable\b|\bbook/.test(data.message.toLowerCase())
    ? 'Yes, we have a table for you tonight. See you at 7!'
    : `Thanks for your message: "${data.message}". We'll get back to you shortly.`;

const replyToText = async (agentId, data) => {
  if (API_KEY === '') {
    log('  ! SWITCHBOARD_API_KEY is not set: cannot reply to the text');
    return;
  }
  const body = { agent_id: agentId, to_number: data.from, from_number: data.to, body: answerText(data) };
  const sent = await fetch(`${SWITCHBOARD_URL}/v1/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await sent.json().catch(() => null);
  log(sent.ok ? `  → POST /v1/messages ${sent.status}: "${body.body}"` : `  ! POST /v1/messages ${sent.status}: ${JSON.stringify(answer)}`);
};

// ---------------------------------------------------------------------------------------------
// The server: one handler for every event (the same URL receives them all).
// ---------------------------------------------------------------------------------------------
const readBody = async (request) => {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > 1024 * 1024) throw new Error('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
};

const handle = async (request, response) => {
  if (request.method !== 'POST') {
    response.writeHead(405, { allow: 'POST' }).end();
    return;
  }
  const raw = await readBody(request);
  if (!isFromSwitchboard(request.headers, raw)) {
    log(`← ${request.headers['x-webhook-event'] ?? 'request'} refused: bad or missing signature`);
    response.writeHead(401).end();
    return;
  }
  const event = JSON.parse(raw);
  const { data } = event;
  if (event.event === 'agent.message' && event.channel === 'voice') {
    const what = data.dtmf !== undefined ? `pressed ${data.dtmf}` : `"${data.transcript}"`;
    log(`← agent.message (voice) ${data.callId}: ${what} (signature ok)`);
    await streamVoiceAnswer(response, data);
  } else if (event.event === 'agent.message' && event.channel === 'sms') {
    log(`← agent.message (sms) from ${data.from}: "${data.message}" (signature ok)`);
    response.writeHead(200).end(); // answer at once; the reply is sent on its own
    await replyToText(event.agentId, data);
  } else if (event.event === 'agent.call_ended') {
    log(`← agent.call_ended ${data.callId}: ${data.status}, ${data.disconnectionReason ?? 'no reason'}, ${data.transcript.length} turns`);
    response.writeHead(200).end();
  } else {
    log(`← ${event.event} (ignored)`);
    response.writeHead(200).end();
  }
};

const server = createServer((request, response) => {
  handle(request, response).catch((error) => {
    log(`  ! ${error.message}`);
    if (!response.headersSent) response.writeHead(500);
    response.end();
  });
});

server.listen(PORT, HOST, () => {
  const { port } = server.address();
  log(`webhook agent listening on http://${HOST}:${port}`);
});

const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
