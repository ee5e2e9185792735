import type { RestSeed } from './rest-seed.js';

/** One autocannon job of the REST benches' load process (`rest-load.mjs`). */
export interface Job {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly connections: number;
  readonly seconds: number;
  readonly uniquePhones?: boolean;
  readonly areaCode?: string;
  readonly phoneOffset?: number;
}
/** A request measured, before it is aimed at a server. */
export type Route = Omit<Job, 'url' | 'connections' | 'seconds'> & { label: string };

/** The requests measured, against one seeded Switchboard (its key, its agent's and conversation's ids). */
export const routesOf = ({ headers: auth, agentId, conversationId }: RestSeed): readonly Route[] => {
  const json = { ...auth, 'content-type': 'application/json' };
  return [
    { label: 'GET /health', method: 'GET', path: '/health', headers: {} },
    { label: 'GET /v1/agents?limit=20', method: 'GET', path: '/v1/agents?limit=20', headers: auth },
    { label: 'GET /v1/agents/{id}', method: 'GET', path: `/v1/agents/${agentId}`, headers: auth },
    { label: 'GET /v1/conversations', method: 'GET', path: '/v1/conversations', headers: auth },
    { label: 'GET /v1/conversations/{id}/messages?limit=50', method: 'GET', path: `/v1/conversations/${conversationId}/messages?limit=50`, headers: auth },
    { label: 'GET /v1/calls?limit=20', method: 'GET', path: '/v1/calls?limit=20', headers: auth },
    { label: 'GET /v1/webhooks/deliveries?limit=20', method: 'GET', path: '/v1/webhooks/deliveries?limit=20', headers: auth },
    { label: 'POST /v1/contacts', method: 'POST', path: '/v1/contacts', headers: json, uniquePhones: true, areaCode: '415', phoneOffset: 0 },
  ];
};

