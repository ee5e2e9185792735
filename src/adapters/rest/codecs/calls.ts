import { turnTakingFields } from './conversation.js';
import * as t from 'io-ts';
import { requireConsent } from './consent.js';
import { CallingWindowBody } from './campaigns.js';
import { CALL_DIRECTIONS, CALL_STATUS_FILTERS, CALL_TYPES } from '../../../domain/call.js';
import { MAX_VARIABLES, VARIABLE_NAME } from '../../../domain/call-variables.js';
import { pageQuery } from '../pagination.js';
import { nullable, oneOf } from './common.js';
import { describedAs, patternOf } from './described.js';
import { freeFormObject } from './json.js';
import { anyPhoneNumber } from './phone.js';
import { boundedText, idText, labelText, MAX_LENGTH, recordingDisclosureText, searchText } from './text.js';
import { wholeNumber } from './call-behaviour.js';
import { integerParam } from '../pagination.js';

/** How long POST /v1/calls may wait for the call to end (AgentPhone's range). */
export const MAX_WAIT_SECONDS = { min: 10, max: 600, default: 300 } as const;

/** `{{name}}` values: a flat map of short texts. */
const callVariables = describedAs(new t.Type<Record<string, string>, Record<string, string>, unknown>(
  'variables',
  (u): u is Record<string, string> => typeof u === 'object' && u !== null && !Array.isArray(u),
  (u, c) => {
    const decoded = freeFormObject({ maxBytes: 16 * 1024, maxDepth: 1 }).validate(u, c);
    if (decoded._tag === 'Left') return decoded;
    const entries = Object.entries(decoded.right);
    if (entries.length > MAX_VARIABLES) return t.failure(u, c, `must hold at most ${MAX_VARIABLES} variables`);
    for (const [name, value] of entries) {
      if (!VARIABLE_NAME.test(name)) return t.failure(u, c, `has a name that is not letters, digits, _, . or - (starting with a letter or _): ${name.slice(0, 40)}`);
      if (typeof value !== 'string') return t.failure(u, c, `must map ${name} to a string`);
    }
    return t.success(decoded.right as Record<string, string>);
  },
  (a) => a,
), {
  type: 'object',
  maxProperties: MAX_VARIABLES,
  propertyNames: { pattern: patternOf(VARIABLE_NAME) },
  additionalProperties: { type: 'string' },
});

export const CALL_PAGE = pageQuery({ defaultLimit: 20, maxLimit: 100 });

export const CallFilters = t.partial({
  status: oneOf(CALL_STATUS_FILTERS),
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
    /** The agent's own language or one of its `languages`; the call speaks it (with that language's voice). */
    language: nullable(labelText),
    ...turnTakingFields,
    systemPrompt: nullable(boundedText(MAX_LENGTH.prompt)),
    variables: nullable(callVariables),
    /** Off: no answering-machine detection on this call (on by default). */
    voicemailDetection: t.boolean,
    /** Refuse (422 CONSENT_REQUIRED) unless the number's contact has consent for calls of this basis or a stronger one on record. */
    requireConsent: nullable(requireConsent),
    /** Refuse (422 OUTSIDE_CALLING_WINDOW) unless it is within these hours in the callee's time zone now (gaps: 09:00–20:00 weekdays, America/New_York). */
    callingWindow: nullable(CallingWindowBody),
    /** Said after the AI disclosure when the call is recorded, instead of the project's; null: none on this call. */
    recordingDisclosure: nullable(recordingDisclosureText),
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
