import * as E from 'fp-ts/lib/Either.js';
import { onTestFinished } from 'vitest';
import { decodeOutboundEvent, JsonOutboundEventEncoder } from '../../src/adapters/http/json-outbound-event-encoder.js';
import type { OutboundEvent, SmsMessageEvent } from '../../src/application/events/outbound-event.js';
import { testMessageEvent } from '../../src/application/events/sms-message-event.js';

/** The encoder the service itself uses: tests queue events through it as producers do. */
export const eventEncoder = new JsonOutboundEventEncoder();

/** An inbound-text event of the catalogue, with the fields a test cares about. */
export const anSmsEvent = (
  overrides: { readonly agentId?: string | null; readonly messageId?: string; readonly message?: string } = {},
): SmsMessageEvent => {
  const sample = testMessageEvent(overrides.agentId ?? null, 'whd_sample', new Date());
  return {
    ...sample,
    data: { ...sample.data, messageId: overrides.messageId ?? sample.data.messageId, message: overrides.message ?? sample.data.message },
  };
};

/**
 * Reads a body a webhook received as an event of the catalogue, and fails unless the catalogue
 * gives back exactly those bytes: every field named, typed and in its place, nothing unnamed.
 */
export const catalogued = (body: string): OutboundEvent => {
  const decoded = decodeOutboundEvent(body);
  if (E.isLeft(decoded)) throw new Error(`not an event of the catalogue: ${decoded.left.join('; ')}\n${body}`);
  const again = eventEncoder.encode(decoded.right);
  if (again !== body) throw new Error(`the catalogue does not give back the body it decoded:\nreceived ${body}\nencoded  ${again}`);
  return decoded.right;
};

/**
 * Watches the bodies a test's webhook receiver gets: each must be an event of the catalogue.
 * A body that is not fails the running test when it finishes, or `verify()` (the receiver's
 * close) when the receiver was started outside a test.
 */
export const catalogueWatch = () => {
  const problems: string[] = [];
  const verify = () => {
    const found = problems.splice(0);
    if (found.length > 0) throw new Error(`a webhook received a body outside the event catalogue:\n${found.join('\n')}`);
  };
  try {
    onTestFinished(verify);
  } catch {
    // Started in a before-hook: the receiver's close() verifies instead.
  }
  return {
    check: (body: string) => {
      try {
        catalogued(body);
      } catch (error) {
        problems.push((error as Error).message);
      }
    },
    verify,
  };
};
