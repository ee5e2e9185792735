import * as t from 'io-ts';
import type { SubAccountLimits } from '../../../domain/sub-account-lifecycle.js';
import { SUB_ACCOUNT_NAME_MAX } from '../../../domain/sub-account-lifecycle.js';
import { pageQuery } from '../pagination.js';
import { oneOf } from './common.js';
import { boundedText, labelText } from './text.js';

const subAccountName = boundedText(SUB_ACCOUNT_NAME_MAX);

/** Each at most the parent's own; the domain checks the range against the parent. */
const limitFields = { numberLimit: t.Int, maxConcurrentCalls: t.Int };

/** AgentPhone's body is `{name}`; the balance mode and limits are Switchboard's (its docs say so). */
export const CreateSubAccountBody = t.intersection([
  t.type({ name: subAccountName }),
  t.partial({ balanceMode: oneOf(['shared', 'own'] as const), ...limitFields }),
]);
export const UpdateSubAccountBody = t.partial({ name: subAccountName, ...limitFields });
export const IssueSubAccountKeyBody = t.partial({ name: labelText });

/** AgentPhone's `limit` and `offset`. */
export const SUB_ACCOUNT_PAGE = pageQuery({ defaultLimit: 20, maxLimit: 100 });

/** Picks the known limits only: unknown body fields never reach the aggregate. */
export const toLimits = (body: t.TypeOf<typeof UpdateSubAccountBody>): SubAccountLimits => ({
  ...(body.numberLimit !== undefined ? { numberLimit: body.numberLimit } : {}),
  ...(body.maxConcurrentCalls !== undefined ? { maxConcurrentCalls: body.maxConcurrentCalls } : {}),
});
