import * as E from 'fp-ts/lib/Either.js';
import { invalidField, type InvalidField } from './errors.js';

/**
 * An http(s) URL a webhook may point at, trimmed. Which hosts it may name is not the domain's
 * call: that depends on where the service runs (the application's `TargetPolicy`).
 */
export const webhookUrl = (raw: string): E.Either<InvalidField, string> => {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return E.left(invalidField('url', 'must be an absolute http or https URL'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return E.left(invalidField('url', 'must be an http or https URL'));
  }
  if (url.username || url.password) return E.left(invalidField('url', 'must not carry credentials'));
  return E.right(raw.trim());
};
