import * as t from 'io-ts';
import type { WebhookSettings } from '../../../domain/webhook.js';
import { describedAs } from './described.js';
import { pageQuery } from '../pagination.js';
import { boundedText, idText, MAX_LENGTH } from './text.js';

/** Ranges are the domain's to check (it names the field and the bounds); here only the types. */
export const WebhookBody = t.intersection([
  t.type({ url: boundedText(MAX_LENGTH.url) }),
  t.partial({ contextLimit: t.number, timeout: t.number }),
]);

export const toWebhookSettings = (body: t.TypeOf<typeof WebhookBody>): WebhookSettings => ({
  url: body.url,
  contextLimit: body.contextLimit,
  timeoutSeconds: body.timeout,
});

/** `hours` from a query string: a whole number of hours 1 to 168 (a week). */
const hoursParam = <F extends number | null>(fallback: F) =>
  describedAs(
    new t.Type<number | F, string, unknown>(
      'integer from 1 to 168',
      (u): u is number | F => u === fallback || (typeof u === 'number' && Number.isInteger(u)),
      (u, c) => {
        if (u === undefined) return t.success(fallback);
        if (typeof u !== 'string' || !/^\d+$/.test(u.trim())) return t.failure(u, c, 'must be an integer');
        const hours = Number(u.trim());
        return hours >= 1 && hours <= 168 ? t.success(hours) : t.failure(u, c, 'must be between 1 and 168');
      },
      String,
    ),
    { type: 'integer', minimum: 1, maximum: 168, ...(fallback === null ? {} : { default: fallback }) },
  );

export const DELIVERY_PAGE = pageQuery({ defaultLimit: 50, maxLimit: 100 });

export const ListDeliveriesQuery = t.intersection([DELIVERY_PAGE, t.type({ hours: hoursParam(null) })]);
export const DeliveryStatsQuery = t.type({ hours: hoursParam(24) });
export const TestWebhookQuery = t.partial({ agentId: idText });
