import type { SwitchboardConfig } from '../../../src/bootstrap/config.js';
import { aVoiceSwitchboard, readSse, type VoiceHarness } from '../voice/voice-harness.js';

export interface GraphqlReply {
  readonly status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any;
}

/**
 * A Switchboard on a real HTTP server on the simulated carrier (see aVoiceSwitchboard), with
 * the admin console driven over HTTP as GraphiQL or a script drives it. The customer webhook
 * answers voice turns with "You said …." and events with 200, unless a test says otherwise.
 */
export const anAdminConsole = async (options: { readonly twilio?: boolean; readonly config?: Partial<SwitchboardConfig> } = {}) => {
  const h = await aVoiceSwitchboard({ twilio: options.twilio ?? false, config: { webhookRetryDelays: [0], ...options.config } });
  const events = { status: 200 };
  h.hook.handler = (request, res) => {
    if (request.body?.event === 'agent.message' && request.body.channel === 'voice') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ text: `You said ${request.body.data.transcript}.` }));
      return;
    }
    res.writeHead(events.status).end();
  };

  const gql = async (query: string, variables: Record<string, unknown> = {}, token: string | null = h.sut.adminToken()): Promise<GraphqlReply> => {
    const response = await fetch(`${h.url}/admin/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };

  /** The data of an operation that must succeed. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const data = async (query: string, variables: Record<string, unknown> = {}): Promise<any> => {
    const reply = await gql(query, variables);
    if (reply.status !== 200 || reply.body.errors) throw new Error(`GraphQL failed (${reply.status}): ${JSON.stringify(reply.body)}`);
    return reply.body.data;
  };

  /** The errors of an operation that must fail. */
  const errors = async (query: string, variables: Record<string, unknown> = {}) => {
    const reply = await gql(query, variables);
    if (!reply.body?.errors) throw new Error(`expected errors, got ${JSON.stringify(reply.body)}`);
    return reply.body.errors as { message: string; extensions: { code: string } }[];
  };

  /** Opens a subscription over GraphQL SSE; the events are `next` payloads. */
  const subscribe = async (query: string, variables: Record<string, unknown> = {}) => {
    const controller = new AbortController();
    const response = await fetch(`${h.url}/admin/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${h.sut.adminToken()}` },
      body: JSON.stringify({ query, variables }),
      signal: controller.signal,
    });
    if (response.status !== 200) throw new Error(`subscription refused: ${response.status} ${await response.text()}`);
    const sse = readSse(response);
    sse.finished.catch(() => undefined);
    return {
      sse,
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      payloads: (): any[] => sse.events.filter((e) => e.event === 'next').map((e) => e.data.data),
      close: () => controller.abort(),
    };
  };

  return { ...h, events, gql, data, errors, subscribe };
};

export type AdminHarness = Awaited<ReturnType<typeof anAdminConsole>> & VoiceHarness;
