import type { OutboundEvent } from '../events/outbound-event.js';

/**
 * Turns an event into the exact JSON body POSTed (and signed, and stored for retries). The one
 * way any producer gets the bytes of an event: the wire format is defined in one place.
 */
export interface OutboundEventEncoder {
  encode(event: OutboundEvent): string;
}
