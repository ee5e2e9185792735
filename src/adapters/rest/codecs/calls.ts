import * as t from 'io-ts';
import { CALL_DIRECTIONS, CALL_STATUSES, CALL_TYPES } from '../../../domain/call.js';
import { pageQuery } from '../pagination.js';
import { nullable, oneOf } from './common.js';
import { anyPhoneNumber } from './phone.js';

export const CALL_PAGE = pageQuery({ defaultLimit: 20, maxLimit: 100 });

export const CallFilters = t.partial({
  status: oneOf(CALL_STATUSES),
  direction: oneOf(CALL_DIRECTIONS),
  type: oneOf(CALL_TYPES),
  search: t.string,
});

export const ListCallsQuery = t.intersection([CALL_PAGE, CallFilters]);

export const CreateCallBody = t.intersection([
  t.type({ agentId: t.string, toNumber: anyPhoneNumber }),
  t.partial({
    fromNumberId: nullable(t.string),
    initialGreeting: nullable(t.string),
    voice: nullable(t.string),
    systemPrompt: nullable(t.string),
  }),
]);

const metadataObject = new t.Type<Record<string, unknown>, Record<string, unknown>, unknown>(
  'object',
  (u): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u),
  (u, c) => (typeof u === 'object' && u !== null && !Array.isArray(u) ? t.success(u as Record<string, unknown>) : t.failure(u, c, 'must be a JSON object')),
  (a) => a,
);

export const CreateWebCallBody = t.intersection([t.type({ agentId: t.string }), t.partial({ metadata: nullable(metadataObject) })]);
