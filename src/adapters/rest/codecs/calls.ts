import * as t from 'io-ts';
import { CALL_DIRECTIONS, CALL_STATUSES, CALL_TYPES } from '../../../domain/call.js';
import { pageQuery } from '../pagination.js';
import { nullable, oneOf } from './common.js';
import { freeFormObject } from './json.js';
import { anyPhoneNumber } from './phone.js';
import { boundedText, idText, labelText, MAX_LENGTH, searchText } from './text.js';
import { wholeNumber } from './call-behaviour.js';
import { integerParam } from '../pagination.js';

/** How long POST /v1/calls may wait for the call to end (AgentPhone's range). */
export const MAX_WAIT_SECONDS = { min: 10, max: 600, default: 300 } as const;

export const CALL_PAGE = pageQuery({ defaultLimit: 20, maxLimit: 100 });

export const CallFilters = t.partial({
  status: oneOf(CALL_STATUSES),
  direction: oneOf(CALL_DIRECTIONS),
  type: oneOf(CALL_TYPES),
  search: searchText,
});

export const ListCallsQuery = t.intersection([CALL_PAGE, CallFilters]);

export const CreateCallBody = t.intersection([
  t.type({ agentId: idText, toNumber: anyPhoneNumber }),
  t.partial({
    fromNumberId: nullable(idText),
    initialGreeting: nullable(boundedText(MAX_LENGTH.greeting)),
    voice: nullable(labelText),
    systemPrompt: nullable(boundedText(MAX_LENGTH.prompt)),
    /** Off: no answering-machine detection on this call (on by default). */
    voicemailDetection: t.boolean,
    /** Answer when the call ends (with its transcript), or after `maxWaitSeconds` with the call still going. */
    waitForCompletion: t.boolean,
    maxWaitSeconds: wholeNumber(MAX_WAIT_SECONDS.min, MAX_WAIT_SECONDS.max),
  }),
]);

/** `GET /v1/calls/{id}?wait=true&timeout=N`: long-poll until the call ends, at most N seconds. */
export const GetCallQuery = t.intersection([
  t.type({ timeout: integerParam(1, MAX_WAIT_SECONDS.max, MAX_WAIT_SECONDS.default) }),
  t.partial({ wait: oneOf(['true', 'false'] as const) }),
]);

export const CreateWebCallBody = t.intersection([t.type({ agentId: idText }), t.partial({ metadata: nullable(freeFormObject()) })]);
