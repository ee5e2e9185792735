import { createHmac } from 'node:crypto';

/** `sha256=` + lowercase hex HMAC-SHA256 of `"{timestamp}.{raw body}"`, keyed with the secret string. */
export const signWebhook = (secret: string, timestamp: string, body: string): string =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
