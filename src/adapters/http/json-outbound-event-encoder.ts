import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { OutboundEvent } from '../../application/events/outbound-event.js';
import type { OutboundEventEncoder } from '../../application/ports/outbound-event-encoder.js';
import { EVENT_CODECS, OutboundEventCodec } from './outbound-event-codecs.js';

/** Events as the JSON bodies webhooks receive, through the catalogue's codecs. */
export class JsonOutboundEventEncoder implements OutboundEventEncoder {
  encode(event: OutboundEvent): string {
    return JSON.stringify(OutboundEventCodec.encode(event));
  }
}

const isBranch = (type: t.Decoder<unknown, unknown>): boolean => {
  const tag = (type as { _tag?: string })._tag;
  return tag === 'UnionType' || tag === 'IntersectionType';
};

/** `data.contact.email: 7 is not (string | null)`; members of unions and intersections add no key. */
const problemOf = (error: t.ValidationError): string => {
  const keys = error.context.filter((_, i) => i > 0 && !isBranch(error.context[i - 1]!.type)).map((entry) => entry.key);
  const expected = error.context.at(-1)!.type.name;
  return `${keys.join('.') || 'body'}: ${JSON.stringify(error.value) ?? 'missing'} is not ${expected}`;
};

/** Reads a webhook body back into an event of the catalogue; Left lists what did not fit. */
export const decodeOutboundEvent = (body: string): E.Either<readonly string[], OutboundEvent> => {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return E.left(['the body is not JSON']);
  }
  const { event, channel } = (typeof json === 'object' && json !== null ? json : {}) as { event?: unknown; channel?: unknown };
  const codec = EVENT_CODECS[`${String(event)} ${String(channel)}`];
  if (!codec) return E.left([`no event ${JSON.stringify(event)} on channel ${JSON.stringify(channel)} in the catalogue`]);
  const decoded = codec.decode(json);
  return E.mapLeft((errors: t.Errors) => [...new Set(errors.map(problemOf))])(decoded);
};
