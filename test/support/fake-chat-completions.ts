import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually } from './eventually.js';

/** One piece of a scripted streamed answer. */
export type Step =
  | { readonly text: string }
  | { readonly toolCall: { readonly name: string; readonly arguments: object | string; readonly pieces?: number } }
  /** Holds the rest of the answer until this settles (e.g. "the first sentence was spoken"). */
  | { readonly wait: () => Promise<unknown> }
  | { readonly pauseMs: number }
  /** One `data:` payload sent as written, whatever it holds (a chunk of a broken server). */
  | { readonly raw: string }
  /** Sends nothing more and keeps the connection open until the client goes away. */
  | { readonly hang: true };

export type Reply = { readonly steps: readonly Step[] } | { readonly status: number; readonly body?: unknown };

/** A request the fake received. */
export interface ChatCompletionRequest {
  readonly headers: IncomingMessage['headers'];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any;
  /** The client closed the connection before the answer was complete (barge-in, timeout). */
  closedByClient: boolean;
  /** Settles when the connection is gone, whoever closed it. */
  readonly closed: Promise<void>;
  /** The client's port: two requests with the same one came over one kept-alive connection. */
  readonly clientPort: number | undefined;
}

/** The last tool result the model was given in this request. */
export const lastToolResult = (request: ChatCompletionRequest): string => {
  const tool = [...request.body.messages].reverse().find((m: { role: string }) => m.role === 'tool');
  return String(tool?.content ?? '');
};

export const text = (value: string): Step => ({ text: value });
export const toolCall = (name: string, args: object | string = {}, pieces = 3): Step => ({ toolCall: { name, arguments: args, pieces } });
export const waitFor = (condition: () => Promise<unknown>): Step => ({ wait: condition });
export const pause = (ms: number): Step => ({ pauseMs: ms });
export const hang = (): Step => ({ hang: true });
export const raw = (payload: string): Step => ({ raw: payload });
export const answer = (...steps: Step[]): Reply => ({ steps });
export const failure = (status: number, body: unknown = { error: { message: 'internal error', type: 'server_error' } }): Reply => ({ status, body });

const split = (value: string, pieces: number): string[] => {
  const size = Math.max(1, Math.ceil(value.length / pieces));
  const parts: string[] = [];
  for (let i = 0; i < value.length; i += size) parts.push(value.slice(i, i + size));
  return parts.length > 0 ? parts : [''];
};

/**
 * A local stand-in for an OpenAI-compatible `POST /v1/chat/completions`: answers with the
 * scripted replies in order (Server-Sent Events of `delta` content and `tool_calls`, tool
 * arguments in pieces, `data: [DONE]`), or with an error status; records every request and
 * whether the client hung up early. With no reply scripted it answers "OK.".
 */
export class FakeChatCompletions {
  readonly requests: ChatCompletionRequest[] = [];
  /** The client's port of each connection accepted, oldest first. */
  readonly connections: (number | undefined)[] = [];
  /** A pause before every chunk, to make a stream slow. */
  delayBetweenChunksMs = 0;
  private readonly replies: (Reply | ((request: ChatCompletionRequest) => Reply | Promise<Reply>))[] = [];
  private server: Server | null = null;
  /** Base URL, as LLM_BASE_URL takes it. */
  url = '';

  static async start(): Promise<FakeChatCompletions> {
    const fake = new FakeChatCompletions();
    fake.server = createServer((req, res) => void fake.serve(req, res));
    fake.server.on('connection', (socket) => fake.connections.push(socket.remotePort));
    await new Promise<void>((resolve) => fake.server!.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1`;
    return fake;
  }

  /** Queues replies for the next requests, in order. */
  reply(...replies: (Reply | ((request: ChatCompletionRequest) => Reply | Promise<Reply>))[]): this {
    this.replies.push(...replies);
    return this;
  }

  /** Resolves once `count` requests have arrived. */
  received(count: number, timeoutMs = 5000): Promise<ChatCompletionRequest> {
    return eventually(() => this.requests[count - 1], {
      what: () => `${count} requests to the fake model; it received ${this.requests.length}`,
      within: timeoutMs,
    });
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let resolveClosed!: () => void;
    const request: ChatCompletionRequest = {
      headers: req.headers,
      body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'),
      closedByClient: false,
      closed: new Promise<void>((resolve) => (resolveClosed = resolve)),
      clientPort: req.socket.remotePort,
    };
    res.on('close', () => {
      if (!res.writableFinished) request.closedByClient = true;
      resolveClosed();
    });
    this.requests.push(request);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return void res.writeHead(404).end();
    const next = this.replies.shift() ?? answer(text('OK.'));
    const reply = typeof next === 'function' ? await next(request) : next;
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify(reply.body ?? {}));
    }
    await this.stream(reply.steps, request, res);
  }

  private async stream(steps: readonly Step[], request: ChatCompletionRequest, res: ServerResponse): Promise<void> {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const model = String(request.body?.model ?? 'fake');
    const send = async (delta: object, finish: string | null = null) => {
      if (this.delayBetweenChunksMs > 0) await new Promise((r) => setTimeout(r, this.delayBetweenChunksMs));
      const chunk = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] };
      res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    };
    let tools = 0;
    await send({ role: 'assistant', content: '' });
    for (const step of steps) {
      if (res.destroyed) return;
      if ('text' in step) await send({ content: step.text });
      else if ('toolCall' in step) {
        const index = tools++;
        const args = typeof step.toolCall.arguments === 'string' ? step.toolCall.arguments : JSON.stringify(step.toolCall.arguments);
        const parts = split(args, step.toolCall.pieces ?? 3);
        await send({ tool_calls: [{ index, id: `call_fake_${index}`, type: 'function', function: { name: step.toolCall.name, arguments: parts[0] } }] });
        for (const part of parts.slice(1)) await send({ tool_calls: [{ index, function: { arguments: part } }] });
      } else if ('wait' in step) await Promise.race([step.wait(), request.closed]);
      else if ('pauseMs' in step) await new Promise((r) => setTimeout(r, step.pauseMs));
      else if ('raw' in step) res.write(`data: ${step.raw}\n\n`);
      else return void (await request.closed);
    }
    if (res.destroyed) return;
    await send({}, tools > 0 ? 'tool_calls' : 'stop');
    res.end('data: [DONE]\n\n');
  }
}

/**
 * A structured-output answer (`response_format: json_schema`): the JSON text of `value`,
 * streamed in a few pieces as a real server sends it.
 */
export const structured = (value: unknown): Reply => {
  const json = JSON.stringify(value);
  return answer(...split(json, 3).map(text));
};

/** Whether the request asked for structured output (a post-call analysis, not a conversation turn). */
export const wantsStructuredOutput = (request: ChatCompletionRequest): boolean => request.body?.response_format?.type === 'json_schema';
