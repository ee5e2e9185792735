import * as E from 'fp-ts/lib/Either.js';
import twilio from 'twilio';
import { Hono, type Context } from 'hono';
import type { Logger } from '../../application/ports/logger.js';
import type { UseCases } from '../../application/use-cases/index.js';
import { looksLikeE164, trustE164 } from '../../domain/e164.js';
import { smsDeliveryStatusOf } from './sms-status.js';
import { decodeParams, InboundSmsParams, invalidParams, SmsStatusParams } from './twilio-params.js';
import { twilioSignatureGuard, type TwilioParams, type TwilioWebhookEnv } from './twilio-signature.js';

export interface TwilioSmsRoutesOptions {
  readonly useCases: Pick<UseCases['messages'], 'receiveInboundSms' | 'updateMessageStatus'>;
  readonly authToken: string;
  /** `PUBLIC_URL`, base path included: the numbers' webhook URLs were built from it. */
  readonly publicUrl: string;
  readonly logger?: Logger;
}

/** Replies go out through the Messages API, so Twilio's request is answered with an empty document. */
const EMPTY_TWIML = new twilio.twiml.MessagingResponse().toString();

const twiml = (c: Context<TwilioWebhookEnv>, status: 200 | 404 = 200) =>
  c.body(EMPTY_TWIML, status, { 'Content-Type': 'text/xml; charset=utf-8' });

/** `MediaUrl0` … as many as `NumMedia` says (Twilio sends at most 10). */
const mediaUrlsOf = (params: TwilioParams, numMedia: string | undefined): string[] =>
  Array.from({ length: Math.min(Number(numMedia ?? '0'), 10) }, (_, i) => params[`MediaUrl${i}`])
    .filter((url): url is string => typeof url === 'string' && url !== '');

/**
 * Twilio's SMS webhooks, each behind the `X-Twilio-Signature` check: `POST /twilio/sms` (a
 * number's SmsUrl) stores the text and answers an empty TwiML `<Response/>` (replies go out
 * through the API, later), or 400 for a body over Twilio's own limit for one text; `POST /twilio/sms/status` records delivery progress of our texts.
 * Mount it at the app's root (its paths are absolute).
 */
export const twilioSmsRoutes = (options: TwilioSmsRoutesOptions): Hono<TwilioWebhookEnv> => {
  const app = new Hono<TwilioWebhookEnv>();
  const log = options.logger?.child({ component: 'twilio-sms' });
  const guard = twilioSignatureGuard({ authToken: options.authToken, publicUrl: options.publicUrl });

  app.post('/twilio/sms', guard, async (c) => {
    const decoded = decodeParams(c, InboundSmsParams, log);
    if (E.isLeft(decoded)) return decoded.left;
    const params = decoded.right;
    const { From: from, To: to } = params;
    if (!looksLikeE164(from) || !looksLikeE164(to)) {
      // Short codes and alphanumeric senders have no thread to join.
      log?.warn({ messageSid: params.MessageSid, from, to }, 'inbound SMS without E.164 numbers ignored');
      return twiml(c);
    }
    const received = await options.useCases.receiveInboundSms.execute({
      to: trustE164(to),
      from: trustE164(from),
      body: params.Body ?? '',
      mediaUrls: mediaUrlsOf(c.get('twilioParams'), params.NumMedia),
      providerMessageId: params.MessageSid,
    })();
    if (E.isLeft(received)) {
      const refused = received.left;
      log?.warn({ messageSid: params.MessageSid, to, reason: refused._tag }, 'inbound SMS refused');
      // Twilio's own field name, as a refusal of its parameters says it.
      if (refused._tag === 'Validation') return invalidParams(c, `Body ${refused.details[0]!.message}`, refused.details.map((d) => ({ ...d, field: 'Body' })));
      return twiml(c, 404);
    }
    return twiml(c);
  });

  app.post('/twilio/sms/status', guard, async (c) => {
    const decoded = decodeParams(c, SmsStatusParams, log);
    if (E.isLeft(decoded)) return decoded.left;
    const { MessageSid: providerMessageId, MessageStatus: status, ErrorCode: errorCode } = decoded.right;
    const projectId = c.req.query('projectId');
    const messageId = c.req.query('messageId');
    const updated = await options.useCases.updateMessageStatus.execute({
      providerMessageId,
      ownId: projectId && messageId ? { projectId, messageId } : null,
      status: smsDeliveryStatusOf(status),
      errorCode: errorCode || null,
    })();
    if (E.isLeft(updated)) {
      log?.warn({ messageSid: providerMessageId, status }, 'status callback for an unknown message');
      return c.body(null, 404);
    }
    return c.body(null, 204);
  });

  return app;
};
