import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aTwilioSwitchboard, type TwilioSwitchboard } from '../../support/twilio-switchboard.js';

const TWO_MB = 2 * 1024 * 1024;

/**
 * A body stream of `total` bytes in `chunk`-byte pieces, counting how many were pulled. Finite,
 * so that a server without a limit still answers (wrongly) instead of reading forever.
 */
const aStream = (total: number, chunk: number) => {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull: (controller) => {
      counter.pulled++;
      controller.enqueue(new Uint8Array(chunk).fill(0x20));
      if (counter.pulled * chunk >= total) controller.close();
    },
  });
  return { stream, counter };
};

/** A JSON object body of about `bytes` bytes: valid in every respect but its size. */
const jsonOfSize = (bytes: number) => JSON.stringify({ name: 'Support bot', padding: 'x'.repeat(bytes) });

const expectTooLarge = (reply: { status: number; body: unknown }) => {
  expect(reply.status).toBe(413);
  expect(reply.body).toMatchObject({
    error: { code: 'PAYLOAD_TOO_LARGE', type: 'validation_error', message: expect.stringContaining('1048576 bytes') },
  });
};

describe('request body limit', () => {
  let h: TwilioSwitchboard;
  let key: string;
  beforeAll(async () => {
    h = await aTwilioSwitchboard();
    key = (await h.signedUp('limits@example.com')).api_key;
  });
  afterAll(async () => {
    await h?.close();
  });

  const stillServing = async () => {
    expect((await h.call('GET', '/health')).status).toBe(200);
    expect((await h.call('POST', '/v1/agents', { key, body: { name: 'After the flood' } })).status).toBe(200);
  };

  describe('through the Fetch handler', () => {
    it.each([
      ['a REST route', '/v1/agents'],
      ['sign-up', '/v0/agent/sign-up'],
      ['the admin console', '/admin/graphql'],
    ])('refuses a 2 MB body on %s with 413 in the error envelope, and serves on', async (_, path) => {
      const headers = { authorization: `Bearer ${path.startsWith('/admin') ? h.sut.adminToken() : key}` };

      expectTooLarge(await h.sendRaw('POST', path, jsonOfSize(TWO_MB), headers));
      await stillServing();
    });

    it('refuses a 2 MB Twilio webhook with 413, and serves on', async () => {
      const reply = await h.twilioPost('/twilio/sms', { From: '+12125550199', To: '+16465550100', Body: 'x'.repeat(TWO_MB) });

      expectTooLarge(reply);
      await stillServing();
    });

    it('refuses a declared Content-Length over the limit without reading the body', async () => {
      const { stream, counter } = aStream(TWO_MB, 1024);
      const response = await h.sut.fetch(
        new Request('http://switchboard.test/v1/agents', {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-length': String(TWO_MB) },
          body: stream,
          duplex: 'half',
        } as RequestInit),
      );

      expectTooLarge({ status: response.status, body: await response.json() });
      // A stream enqueues one chunk ahead of its reader; none of the rest was read.
      expect(counter.pulled).toBeLessThanOrEqual(1);
    });

    it('stops reading a body without a length once it passes the limit', async () => {
      const { stream, counter } = aStream(4 * TWO_MB, 64 * 1024);
      const response = await h.sut.fetch(
        new Request('http://switchboard.test/v1/agents', { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: stream, duplex: 'half' } as RequestInit),
      );

      expectTooLarge({ status: response.status, body: await response.json() });
      expect(counter.pulled * 64 * 1024).toBeLessThan(TWO_MB);
    });

    it('counts the bytes a body holds, not the length it declares', async () => {
      const response = await h.sut.fetch(
        new Request('http://switchboard.test/v1/agents', {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': '10' },
          body: jsonOfSize(TWO_MB),
        }),
      );

      expectTooLarge({ status: response.status, body: await response.json() });
    });

    it('lets a body under the limit through to the route', async () => {
      const reply = await h.sendRaw('POST', '/v1/agents', jsonOfSize(900 * 1024), { authorization: `Bearer ${key}` });

      expect(reply.status).toBe(200);
      expect(reply.body.name).toBe('Support bot');
    });
  });

  describe('through the Node request listener', () => {
    let server: Server;
    let port: number;
    beforeAll(async () => {
      server = createServer(h.sut.requestListener);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      server?.closeAllConnections();
      await new Promise((resolve) => server?.close(resolve));
    });

    /** Sends the head and one chunk of a body; with `keepSending`, more chunks for as long as no answer came. */
    const post = (headers: Record<string, string>, chunk: Buffer, keepSending: boolean) =>
      new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/v1/agents', headers: { authorization: `Bearer ${key}`, ...headers } });
        let answered = false;
        req.on('response', (res) => {
          answered = true;
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (part: string) => (text += part));
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown });
          });
        });
        req.on('error', (error) => (answered ? undefined : reject(error)));
        const send = (sent: number) => {
          if (answered || sent > 4 * TWO_MB) return;
          req.write(chunk, () => (keepSending ? send(sent + chunk.length) : undefined));
        };
        send(0);
      });

    it('answers 413 on the declared Content-Length, before the body is sent', { timeout: 10_000 }, async () => {
      const reply = await post({ 'content-length': String(TWO_MB), 'content-type': 'application/json' }, Buffer.from('{"name":'), false);

      expectTooLarge(reply);
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    });

    it('answers 413 on a chunked body once it passes the limit', { timeout: 10_000 }, async () => {
      const reply = await post({ 'transfer-encoding': 'chunked', 'content-type': 'application/json' }, Buffer.alloc(64 * 1024, 0x20), true);

      expectTooLarge(reply);
      expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    });
  });
});

describe('BODY_LIMIT', () => {
  it('sets the limit in bytes or with a unit', async () => {
    const h = await aTwilioSwitchboard({ env: { BODY_LIMIT: '2kb' } });
    try {
      const { api_key: key } = await h.signedUp('small@example.com');
      const headers = { authorization: `Bearer ${key}` };

      const over = await h.sendRaw('POST', '/v1/agents', jsonOfSize(2100), headers);
      const under = await h.sendRaw('POST', '/v1/agents', jsonOfSize(1900), headers);

      expect(over.status).toBe(413);
      expect(over.body.error.message).toContain('2048 bytes');
      expect(under.status).toBe(200);
    } finally {
      await h.close();
    }
  });
});
