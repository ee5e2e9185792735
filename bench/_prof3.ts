import { createServer, Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FetchWebhookTransport } from '../src/adapters/http/fetch-webhook-transport.js';
const receiver = createServer((req, res) => { req.resume(); req.on('end', () => res.writeHead(200).end('ok')); });
receiver.keepAliveTimeout = 60000;
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
const t = new FetchWebhookTransport();
const body = JSON.stringify({ event: 'agent.message', data: { message: 'x'.repeat(300) } });
const N = 5000, C = 32;
for (const round of [1, 2]) {
  let i = 0; const s = performance.now();
  await Promise.all(Array.from({ length: C }, async () => { while (i++ < N) await t.send({ url, secret: 's', deliveryId: 'd', eventType: 'e', body, timeoutMs: 10000 }); }));
  console.log('fetch transport', round, (N / (performance.now() - s) * 1000).toFixed(0), '/s');
}
const agent = new Agent({ keepAlive: true, maxSockets: 32 });
const post = () => new Promise<void>((resolve, reject) => { const r = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => { res.resume(); res.on('end', () => resolve()); }); r.on('error', reject); r.end(body); });
for (const round of [1, 2]) {
  let i = 0; const s = performance.now();
  await Promise.all(Array.from({ length: C }, async () => { while (i++ < N) await post(); }));
  console.log('node:http', round, (N / (performance.now() - s) * 1000).toFixed(0), '/s');
}
receiver.close(); agent.destroy(); process.exit(0);
