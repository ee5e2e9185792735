import * as E from 'fp-ts/lib/Either.js';
import { PathReporter } from 'io-ts/lib/PathReporter.js';
import type { OutboundEvent } from '../../application/events/outbound-event.js';
import type { OutboundEventEncoder } from '../../application/ports/outbound-event-encoder.js';
import { OutboundEventCodec } from './outbound-event-codecs.js';

/** Events as the JSON bodies webhooks receive, through the catalogue's codecs. */
export class JsonOutboundEventEncoder implements OutboundEventEncoder {
  encode(event: OutboundEvent): string {
    return JSON.stringify(OutboundEventCodec.encode(event));
  }
}

/** Reads a webhook body back into an event of the catalogue; Left lists what did not fit. */
export const decodeOutboundEvent = (body: string): E.Either<readonly string[], OutboundEvent> => {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return E.left(['the body is not JSON']);
  }
  const decoded = OutboundEventCodec.decode(json);
  return E.isRight(decoded) ? decoded : E.left(PathReporter.report(decoded));
};
