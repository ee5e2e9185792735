/**
 * The customer's webhook receiver for `bench/webhooks.ts`, as its own process on loopback (a
 * receiver is somebody else's server: it should not share the event loop it is measuring).
 * It answers 200 and notes when each event arrived (wall clock, sub-millisecond), by the
 * sequence number in its text, and reports the arrivals to its parent every 20 ms.
 */
import { createServer } from 'node:http';

const now = () => performance.timeOrigin + performance.now();
let arrivals = [];
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const at = now();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    arrivals.push(Number(body.data.message.split(' ')[1]), at);
    res.writeHead(200).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
setInterval(() => {
  if (arrivals.length === 0) return;
  process.send({ arrivals });
  arrivals = [];
}, 20).unref();
process.on('disconnect', () => process.exit(0));
