import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../support/eventually.js';
import { aSwitchboard } from '../../support/switchboard-harness.js';

describe('a client that drops the connection before its body is sent', () => {
  let h: Awaited<ReturnType<typeof aSwitchboard>>;
  let key: string;
  let server: Server;
  let port: number;
  beforeAll(async () => {
    h = await aSwitchboard();
    key = (await h.signedUp('dropped@example.com')).api_key;
    server = createServer(h.sut.requestListener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await h?.close();
  });

  /** Sends a request head declaring 1,000 bytes of body, then a few of them, then closes the socket. */
  const dropMidBody = (path: string, requestId: string) =>
    new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n` +
            `Content-Length: 1000\r\nX-Request-Id: ${requestId}\r\n\r\n{"email":"`,
          () => {
            socket.destroy();
            resolve();
          },
        );
      });
      socket.on('error', reject);
    });

  it.each([
    ['sign-up', '/v0/agent/sign-up', 'req-dropped-signup'],
    ['a REST route', '/v1/agents', 'req-dropped-agents'],
  ])('on %s is a debug line, with no error and no status 500 logged', async (_, path, requestId) => {
    await dropMidBody(path, requestId);

    const lines = await eventually(
      () => {
        const about = h.logger.lines.filter((line) => line.fields.requestId === requestId);
        return about.some((line) => line.message === 'request aborted by the client') && about;
      },
      { what: () => `the aborted request's line among ${JSON.stringify(h.logger.lines.filter((line) => line.fields.requestId === requestId))}` },
    );
    expect(lines.filter((line) => line.level === 'error' || line.level === 'warn')).toEqual([]);
    expect(lines.filter((line) => line.fields.status === 500)).toEqual([]);
    expect(lines.find((line) => line.message === 'request aborted by the client')).toMatchObject({ level: 'debug', fields: { method: 'POST', path } });
  });
});
