import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as E from 'fp-ts/lib/Either.js';
import { createPinoLogger } from '../../src/adapters/pino/pino-logger.js';
import type { UnitOfWork } from '../../src/application/ports/unit-of-work.js';
import { createSwitchboard, type Switchboard } from '../../src/bootstrap/create-switchboard.js';
import { trustE164 } from '../../src/domain/e164.js';
import { trustMailbox } from '../../src/domain/mailbox.js';
import { storeBenchNumber } from './figures.js';

/** The voice benches' Twilio account and number: the callers sign with them, the Switchboard checks them. */
export const ACCOUNT_SID = `AC${'0'.repeat(32)}`;
export const AUTH_TOKEN = 'bench-auth-token';
export const NUMBER = trustE164('+12125550100');

/** One project, one webhook-mode agent on one number, its webhook pointing at the callers' side. */
const seed = async (sb: Switchboard, uow: UnitOfWork, hookUrl: string) => {
  const created = await sb.useCases().projects.createProject.execute({ email: trustMailbox(`bench-${Date.now()}@example.com`) })();
  if (E.isLeft(created)) throw new Error('project');
  const key = created.right.apiKey.clear;
  const api = async (method: string, path: string, body: unknown) => {
    const response = await sb.fetch(
      new Request(`http://bench${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    );
    if (response.status !== 200) throw new Error(`${path}: ${await response.text()}`);
    return response.json() as Promise<{ id: string }>;
  };
  const agent = await api('POST', '/v1/agents', { name: 'Bench', greeting: 'Hello.' });
  // Silence limits long enough that no re-prompt or hang-up falls in a quiet period: only their pending timers remain.
  await api('PATCH', `/v1/agents/${agent.id}`, { maxSilenceMs: 3_600_000, idleRepromptMs: 1_800_000 });
  // Every call of a round at once: far above the default cap of 10 calls in progress.
  const capped = await sb.useCases().admin.setCallLimit.execute({ projectId: created.right.project.id, limit: 10_000 })();
  if (E.isLeft(capped)) throw new Error('call limit');
  await api('POST', `/v1/agents/${agent.id}/webhook`, { url: hookUrl, contextLimit: 10, timeout: 30 });
  // The number is stored directly: provisioning would need the Twilio REST API.
  await storeBenchNumber(uow, created.right.project.id, agent.id, NUMBER);
};

/** A Switchboard on the Twilio path (its REST calls go nowhere) with its own HTTP server, seeded with the bench's agent. */
export const aServedSwitchboard = async (uow: UnitOfWork, env: Record<string, string>, hookUrl: string) => {
  let sb: Switchboard | null = null;
  const server: Server = createServer((req, res) => sb!.requestListener(req, res));
  server.on('upgrade', (req, socket, head) => void sb!.handleUpgrade(req, socket, head).then((ok) => ok || socket.destroy()));
  // A backlog for a burst of calls ringing at once (Node's default is 511 pending connections).
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, resolve));
  const serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sb = createSwitchboard({
    env,
    unitOfWork: uow,
    logger: createPinoLogger({ level: 'error', pretty: false }),
    config: { publicUrl: serverUrl, twilio: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, apiUrl: 'http://127.0.0.1:9' }, logLevel: 'error' },
  });
  await sb.start();
  await seed(sb, uow, hookUrl);
  const started = sb;
  return {
    sb: started,
    serverUrl,
    close: async () => {
      await started.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};
