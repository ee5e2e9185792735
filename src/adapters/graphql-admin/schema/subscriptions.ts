import { Repeater } from 'graphql-yoga';
import * as E from 'fp-ts/lib/Either.js';
import type { WebhookDelivery } from '../../../domain/webhook-delivery.js';
import { graphqlErrorOf, run } from '../errors.js';
import type { AdminBuilder, DeliveryEvent } from './builder.js';
import type { AdminSchemaDeps } from './deps.js';

/** How many of the newest deliveries each look compares with the one before. */
const WINDOW = 50;

const versionOf = (d: WebhookDelivery) => `${d.status}:${d.attemptCount}`;

/**
 * The project's delivery log as it changes: each new delivery (`created`) and each later
 * attempt of one (`updated`). It reads the log through its use case every `deliveryPollMs`, so
 * it sees every node's deliveries, not only this process's.
 */
const watchDeliveries = (deps: AdminSchemaDeps, projectId: string) =>
  new Repeater<DeliveryEvent>(async (push, stop) => {
    const newest = () =>
      run(
        deps.useCases.admin.listProjectDeliveries.execute({
          projectId,
          page: { limit: WINDOW, offset: 0 },
          filter: { status: null, eventType: null, agentId: null },
        }),
      );
    let seen = new Map((await newest()).items.map((d) => [d.id, versionOf(d)]));
    let stopped = false;
    void stop.then(() => (stopped = true));
    while (!stopped) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([stop, new Promise((resolve) => (timer = setTimeout(resolve, deps.deliveryPollMs)))]);
      clearTimeout(timer);
      if (stopped) break;
      const { items } = await newest();
      const next = new Map<string, string>();
      for (const delivery of [...items].reverse()) {
        const before = seen.get(delivery.id);
        const now = versionOf(delivery);
        next.set(delivery.id, now);
        if (before === undefined) await push({ kind: 'created', delivery });
        else if (before !== now) await push({ kind: 'updated', delivery });
      }
      seen = next;
    }
  });

/** Live feeds over GraphQL SSE (`Accept: text/event-stream`). */
export const defineSubscriptions = (builder: AdminBuilder, deps: AdminSchemaDeps) => {
  builder.subscriptionType({
    fields: (t) => ({
      deliveries: t.field({
        type: 'DeliveryEvent',
        description: "The project's new deliveries and their later attempts, as they happen.",
        args: { projectId: t.arg.id({ required: true }) },
        subscribe: async (_, args) => {
          const found = await deps.useCases.admin.getProject.execute({ projectId: String(args.projectId) })();
          if (E.isLeft(found)) throw graphqlErrorOf(found.left);
          return watchDeliveries(deps, found.right.id);
        },
        resolve: (event) => event,
      }),
    }),
  });
};
