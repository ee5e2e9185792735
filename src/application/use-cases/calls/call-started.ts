import type { Call } from '../../../domain/call.js';
import { callStartedEvent } from '../../events/call-started-event.js';
import type { Repositories } from '../../ports/repositories.js';
import { endpointFor, queueWebhookEvent, type QueueDeps } from '../../webhooks/outbox.js';

/** Queues `agent.call_started` in the caller's unit of work; true when there was a webhook to queue it for (poke after commit). */
export const queueCallStarted = async (tx: Repositories, deps: QueueDeps, call: Call): Promise<boolean> => {
  const webhook = await endpointFor(tx, call.projectId, call.agentId);
  if (!webhook) return false;
  await queueWebhookEvent(tx, deps, webhook, callStartedEvent(call, deps.clock.now()));
  return true;
};
