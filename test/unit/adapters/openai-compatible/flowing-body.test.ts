import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FlowingBody } from '../../../../src/adapters/openai-compatible/flowing-body.js';

let server: Server | null = null;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(null));
  server = null;
});

/** A server whose one answer the test writes; resolves with the client's response and the server's. */
const answer = async (): Promise<{ response: IncomingMessage; res: ServerResponse }> => {
  let res!: ServerResponse;
  const served = new Promise<void>((resolve) => {
    server = createServer((_req, r) => {
      res = r;
      r.writeHead(200, { 'content-type': 'text/event-stream' });
      r.flushHeaders();
      resolve();
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server!.address() as AddressInfo;
  const response = await new Promise<IncomingMessage>((resolve) => get(`http://127.0.0.1:${port}/`, resolve));
  await served;
  return { response, res };
};

/** Writes one piece and waits until the client has taken it in. */
const piece = (res: ServerResponse, response: IncomingMessage, text: string) =>
  new Promise<void>((resolve) => {
    response.once('data', () => setImmediate(resolve));
    res.write(text);
  });

describe('FlowingBody', () => {
  it('reads the pieces in order, then null at the end', async () => {
    const { response, res } = await answer();
    const body = new FlowingBody(response);
    const first = body.read();
    res.write('data: one\n\n');
    expect((await first)?.toString()).toBe('data: one\n\n');
    res.end('data: two\n\n');
    const rest: string[] = [];
    for (let bytes = await body.read(); bytes !== null; bytes = await body.read()) rest.push(bytes.toString());
    expect(rest.join('')).toBe('data: two\n\n');
    expect(await body.read()).toBeNull();
  });

  it('fails a read when the connection closes before the end', async () => {
    const { response, res } = await answer();
    const body = new FlowingBody(response);
    const read = body.read();
    res.write('data: one\n\n');
    expect((await read)?.toString()).toBe('data: one\n\n');
    res.socket!.destroy();
    await expect(body.read()).rejects.toThrow();
  });

  it('pauses the body while sixteen pieces wait to be read, and resumes it as they are', async () => {
    const { response, res } = await answer();
    const body = new FlowingBody(response);
    for (let i = 0; i < 16; i++) await piece(res, response, `data: ${i}\n\n`);
    expect(response.isPaused()).toBe(true);
    expect((await body.read())?.toString()).toBe('data: 0\n\n');
    expect(response.isPaused()).toBe(false);
    res.end();
    const rest: string[] = [];
    for (let bytes = await body.read(); bytes !== null; bytes = await body.read()) rest.push(bytes.toString());
    expect(rest).toHaveLength(15);
  });
});
