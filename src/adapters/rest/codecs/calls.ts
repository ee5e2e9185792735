import * as t from 'io-ts';
import { CALL_DIRECTIONS, CALL_STATUSES, CALL_TYPES } from '../../../domain/call.js';
import { pageQuery } from '../pagination.js';
import { nullable, oneOf } from './common.js';
import { freeFormObject } from './json.js';
import { anyPhoneNumber } from './phone.js';
import { boundedText, idText, labelText, MAX_LENGTH, searchText } from './text.js';

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
  }),
]);

export const CreateWebCallBody = t.intersection([t.type({ agentId: idText }), t.partial({ metadata: nullable(freeFormObject()) })]);
