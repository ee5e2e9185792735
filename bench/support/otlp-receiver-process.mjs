// The local OTLP/HTTP receiver's own process (started by otlp-receiver.ts): it takes every export
// and counts it, so that what a collector spends on receiving is not charged to the Switchboard measured.
import { createServer } from 'node:http';

let requests = 0;
let bytes = 0;
const server = createServer((req, res) => {
  req.on('data', (chunk) => (bytes += chunk.length));
  req.on('end', () => {
    requests += 1;
    // As a collector answers: an empty ExportTraceServiceResponse in the request's encoding (for
    // protobuf, no bytes at all), which the exporter reads without a complaint.
    if (req.headers['content-type'] === 'application/json') res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    else res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send({ type: 'listening', port: server.address().port }));
process.on('message', (message) => {
  if (message.type === 'count') process.send({ type: 'count', requests, bytes });
  if (message.type === 'close') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
