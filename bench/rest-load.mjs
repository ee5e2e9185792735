/**
 * The load generator of `bench/rest.ts`, in a process of its own so that autocannon's work is
 * not counted against the servers under test (a worker thread would not do: autocannon leaves
 * its results unaggregated off the main thread). Receives one job at a time, sends back the result.
 */
import autocannon from 'autocannon';

process.on('message', async (job) => {
  // POST bodies that must differ per request (unique phone numbers): a counter per job, the
  // job's prefix keeping runs apart.
  let sequence = 0;
  const request = { method: job.method, path: job.path, headers: job.headers };
  if (job.uniquePhones) {
    request.setupRequest = (req) => {
      sequence += 1;
      // The exchange (first three of the seven digits) may not start with 0 or 1.
      const digits = String(2_000_000 + job.phoneOffset + sequence);
      return { ...req, body: JSON.stringify({ name: `Bench ${sequence}`, phoneNumber: `+1${job.areaCode}${digits}` }) };
    };
  }
  const result = await autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.seconds,
    requests: [request],
  });
  process.send({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: result.statusCodeStats,
  });
});
