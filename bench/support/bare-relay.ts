/**
 * The hosted-speech benchmark's baseline: the least any relay between a streaming model and a
 * ConversationRelay caller does, with none of Switchboard in it. It answers the voice webhook
 * with TwiML naming its socket (and hears the session's end), and for each `prompt` frame asks the
 * model (undici's dispatcher, as Switchboard does: the leanest HTTP client Node has, so that the
 * baseline is not the slower of the two), cuts the SSE body at its blank lines, and sends each
 * content delta on as a `text` frame (`ws`). No signatures, no storage, no transcript, no brain:
 * what it measures is the two loopback hops, the event loops at both ends and the load thread's
 * own lateness in stamping, on the same machine in the same run as Switchboard's figure.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { WebSocketServer, type WebSocket } from 'ws';

export interface BareRelay {
  readonly url: string;
  close(): Promise<void>;
}

const relayAnswer = (socket: WebSocket, model: Pool, path: string, prompt: string): void => {
  let buffer = '';
  model.dispatch(
    {
      path,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: prompt }] }),
    },
    {
      // Its presence tells undici that this handler speaks its current API.
      onRequestStart: () => undefined,
      onResponseData: (_, bytes) => {
        buffer += bytes.toString('utf8');
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const data = buffer.slice(0, end).replace(/^data: /, '');
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          if (data === '[DONE]') continue;
          const content = (JSON.parse(data) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content;
          if (content) socket.send(JSON.stringify({ type: 'text', token: content, last: false }));
        }
      },
      onResponseEnd: () => socket.send(JSON.stringify({ type: 'text', token: '', last: true })),
      onResponseError: () => socket.close(1011),
    },
  );
};

export const startBareRelay = async (modelBaseUrl: string): Promise<BareRelay> => {
  const modelUrl = new URL(`${modelBaseUrl}/chat/completions`);
  const model = new Pool(modelUrl.origin);
  const sockets = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  let url = '';
  let relayUrl = '';
  const server: Server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/xml' });
    // The session's end (`<Connect action>`) is heard and answered, as the callers post it to Switchboard too.
    if (req.url === '/relay-ended') res.end('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
    else res.end(`<?xml version="1.0" encoding="UTF-8"?><Response><Connect action="${url}/relay-ended"><ConversationRelay url="${relayUrl}"/></Connect></Response>`);
  });
  server.on('upgrade', (req, socket, head) =>
    sockets.handleUpgrade(req, socket, head, (ws) => {
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as { type: string; voicePrompt?: string };
        if (frame.type === 'prompt') relayAnswer(ws, model, modelUrl.pathname, frame.voicePrompt ?? '');
      });
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  relayUrl = `${url.replace('http:', 'ws:')}/relay`;
  return {
    url,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await model.destroy();
    },
  };
};
