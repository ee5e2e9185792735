import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { requireConsent } from './consent.js';
import { validation, type Validation } from '../../../application/errors.js';
import type { MessageCursor } from '../../../application/ports/messaging-repositories.js';
import type { SendSmsInput } from '../../../application/use-cases/messages/send-sms.js';
import type { AttemptOrigin } from '../../../domain/audit-event.js';
import { integerParam } from '../pagination.js';
import { matching, nullable, oneOf } from './common.js';
import { describedAs } from './described.js';
import { anyPhoneNumber } from './phone.js';
import { boundedText, idText, MAX_LENGTH } from './text.js';

// Date, time, optional seconds and fraction, optional zone (none reads as UTC).
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?$/;

// A `+` left unencoded in a query string arrives as a space: `…:00 02:00` is `…:00+02:00`.
const UNENCODED_PLUS = /(\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?) (\d{2}(?::?\d{2})?)$/;

const offsetMinutes = (zone: string): number | null => {
  if (zone.toUpperCase() === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || '0');
  if (hours > 23 || minutes > 59) return null;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
};

/** Milliseconds since the epoch, and whether digits finer than a millisecond were given. */
const parseDateTime = (raw: string): { ms: number; finer: boolean } | null => {
  const m = DATE_TIME.exec(raw.trim().replace(UNENCODED_PLUS, '$1+$2'));
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '0', fraction = '', zone = 'Z'] = m;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const local = Date.UTC(year, month - 1, day, hour, minute, second, Number(fraction.slice(0, 3).padEnd(3, '0')));
  const check = new Date(local);
  // Date.UTC rolls 2026-02-30 over into March: a value that does not come back is no date.
  const real = check.getUTCMonth() === month - 1 && check.getUTCDate() === day && hour < 24 && minute < 60 && second < 60;
  const offset = offsetMinutes(zone);
  if (!real || offset === null) return null;
  return { ms: local - offset * 60_000, finer: /[1-9]/.test(fraction.slice(3)) };
};

/**
 * A `before`/`after` cursor: an ISO 8601 date-time. Stored times have millisecond precision;
 * a finer `before` is rounded up so `receivedAt < before` keeps the same meaning.
 */
const cursorTime = (bound: 'before' | 'after') =>
  describedAs(
    new t.Type<Date | null, string | undefined, unknown>(
      'ISO 8601 date-time',
      (u): u is Date | null => u === null || u instanceof Date,
      (u, c) => {
        if (u === undefined) return t.success(null);
        if (typeof u !== 'string') return t.failure(u, c);
        const parsed = parseDateTime(u);
        if (!parsed) return t.failure(u, c, 'must be an ISO 8601 date-time, e.g. 2026-01-02T03:04:05.678Z');
        return t.success(new Date(parsed.ms + (bound === 'before' && parsed.finer ? 1 : 0)));
      },
      (a) => a?.toISOString(),
    ),
    {
      type: 'string',
      format: 'date-time',
      description: `Only messages received ${bound} this instant. ISO 8601; without a zone it reads as UTC.`,
      examples: ['2026-01-02T03:04:05.678Z'],
    },
  );

/** `limit` (default 50, max 200), `before`, `after`: the cursor of every message list. */
export const MessageListQuery = t.type({
  limit: integerParam(1, 200, 50),
  before: cursorTime('before'),
  after: cursorTime('after'),
});

export const toCursor = (query: t.TypeOf<typeof MessageListQuery>): MessageCursor => query;

const MAX_MEDIA = 10;

const mediaUrl = matching(/^https?:\/\/\S+$/i, 'must be an http(s) URL', 'URL', MAX_LENGTH.url);
const mediaUrls = t.array(mediaUrl);

/** A list of media URLs; null reads as none (a union would report every member's failure). */
const optionalMediaUrls = describedAs(
  new t.Type<string[], string[], unknown>(
    mediaUrls.name,
    mediaUrls.is,
    (u, c) => (u === null ? t.success([]) : mediaUrls.validate(u, c)),
    (a) => a,
  ),
  { type: ['array', 'null'], items: { ...mediaUrl.jsonSchema, format: 'uri' }, maxItems: MAX_MEDIA },
);

/** iMessage's expressive effects, by AgentPhone's names. */
const SEND_STYLES = ['celebration', 'fireworks', 'lasers', 'love', 'confetti', 'balloons', 'spotlight', 'echo', 'invisible', 'gentle', 'loud', 'slam'] as const;

/** Arguments of a send that only iMessage carries: an SMS goes without them, and its answer names them. */
const IMESSAGE_ONLY = ['reply_to_message_id', 'send_style'] as const;

/** The iMessage-only arguments a send was given, which its SMS does not carry. */
export const unsupportedOnSms = (body: SendMessage): string[] => IMESSAGE_ONLY.filter((name) => body[name] != null);

/**
 * `POST /v1/messages` is snake_case, as public clients send it. The sender is named by its agent,
 * its number (`number_id` or `from_number`), or both; one picture may come as `media_url`, as
 * AgentPhone's clients send it, beside or instead of `media_urls`.
 */
export const SendMessageBody = t.intersection([
  t.type({ to_number: anyPhoneNumber, body: boundedText(MAX_LENGTH.smsBody) }),
  t.partial({
    agent_id: nullable(idText),
    number_id: nullable(idText),
    from_number: nullable(anyPhoneNumber),
    media_url: nullable(mediaUrl),
    media_urls: optionalMediaUrls,
    /** Refuse (422 CONSENT_REQUIRED) unless the number's contact has consent for texts of this basis or a stronger one on record. */
    require_consent: nullable(requireConsent),
    /** iMessage's threaded reply and screen effect, as AgentPhone's clients send them: accepted, and answered as `unsupported` on SMS. */
    reply_to_message_id: nullable(idText),
    send_style: nullable(oneOf(SEND_STYLES)),
  }),
]);
type SendMessage = t.TypeOf<typeof SendMessageBody>;

/** Every picture of a send, `media_url` first. */
const mediaOf = (body: SendMessage): string[] => [...(body.media_url ? [body.media_url] : []), ...(body.media_urls ?? [])];

/** What the codec cannot say alone: a sender, and a text or a picture, within Twilio's sizes. */
export const checkSendMessage = (body: SendMessage): { field: string; message: string } | null => {
  if (!body.agent_id && !body.number_id && !body.from_number) {
    return { field: 'agent_id', message: 'is required unless number_id or from_number names the sending number' };
  }
  const media = mediaOf(body);
  if (media.length > MAX_MEDIA) return { field: 'media_urls', message: `must hold at most ${MAX_MEDIA} URLs (media_url included)` };
  if (body.body.trim() === '' && media.length === 0) return { field: 'body', message: 'must not be empty unless media_url or media_urls are given' };
  return null;
};

export const toSendSmsInput = (projectId: string, body: SendMessage, origin: AttemptOrigin): SendSmsInput => ({
  projectId,
  agentId: body.agent_id ?? null,
  to: body.to_number,
  body: body.body,
  mediaUrls: mediaOf(body),
  numberId: body.number_id ?? null,
  fromNumber: body.from_number ?? null,
  requireConsent: body.require_consent ?? null,
  origin,
});

/** The header a client names a send with, so that a retry of it sends nothing twice. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** The header's key (absent: none); anything but 1 to 255 visible ASCII characters is refused. */
export const idempotencyKeyOf = (raw: string | undefined): E.Either<Validation, string | null> =>
  raw === undefined
    ? E.right(null)
    : IDEMPOTENCY_KEY.test(raw)
      ? E.right(raw)
      : E.left(validation(IDEMPOTENCY_KEY_HEADER, 'must be 1 to 255 visible ASCII characters (a UUID, say)'));
