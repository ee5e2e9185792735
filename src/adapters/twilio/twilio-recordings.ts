import * as E from 'fp-ts/lib/Either.js';
import type { ProviderFailure, RecordingAudio } from '../../application/ports/telephony.js';
import { redirectTo } from './redirecting-request-client.js';
import { providerFailureOf } from './twilio-failures.js';

/** How long Twilio has to start answering; the audio itself may take longer to stream. */
const ANSWER_TIMEOUT_MS = 30_000;

export interface RecordingSource {
  readonly accountSid: string;
  readonly authToken: string;
  /** `TWILIO_API_URL`: the recording is fetched there instead of from Twilio; null: from Twilio. */
  readonly apiUrl: string | null;
  /** Named in failures: where the REST API is. */
  readonly apiOrigin: string;
}

const isTwilioHost = (url: URL): boolean =>
  url.protocol === 'https:' && (url.hostname === 'twilio.com' || url.hostname.endsWith('.twilio.com'));

/**
 * Where the MP3 of a recording is: Twilio's `RecordingUrl` has no extension, `.mp3` picks the
 * format. With `apiUrl`, the origin is replaced as for every other Twilio call.
 */
export const recordingMp3Url = (recordingUrl: string, apiUrl: string | null): string => {
  const url = new URL(recordingUrl);
  url.pathname = `${url.pathname.replace(/\.(mp3|wav|json)$/i, '')}.mp3`;
  return apiUrl ? redirectTo(new URL(apiUrl), url.href) : url.href;
};

/**
 * GET the recording with HTTP Basic auth (AccountSid:AuthToken). 404: Twilio has no such
 * recording (Right null). Without `apiUrl`, the credentials go to Twilio's hosts only.
 */
export const fetchTwilioRecording = async (
  source: RecordingSource,
  recordingUrl: string,
): Promise<E.Either<ProviderFailure, RecordingAudio | null>> => {
  let target: string;
  try {
    target = recordingMp3Url(recordingUrl, source.apiUrl);
  } catch {
    return E.left({ _tag: 'ProviderError', message: `the recording URL ${recordingUrl} is not a URL`, providerCode: null });
  }
  if (!source.apiUrl && !isTwilioHost(new URL(target))) {
    return E.left({
      _tag: 'ProviderError',
      message: `the recording URL ${recordingUrl} is not on Twilio; the account's credentials are not sent there`,
      providerCode: null,
    });
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`no answer within ${ANSWER_TIMEOUT_MS / 1000} s`)), ANSWER_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(target, {
      headers: {
        authorization: `Basic ${Buffer.from(`${source.accountSid}:${source.authToken}`).toString('base64')}`,
        accept: 'audio/mpeg',
      },
      signal: controller.signal,
    });
  } catch (error) {
    return E.left(providerFailureOf(error, source.apiOrigin));
  } finally {
    clearTimeout(timer);
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return E.right(null);
  }
  if (!response.ok) return E.left(providerFailureOf(await twilioErrorOf(response), source.apiOrigin));
  return E.right({ contentType: response.headers.get('content-type') ?? 'audio/mpeg', body: response.body ?? new Uint8Array() });
};

/** Twilio's error answer (`{code, message, …}`) read into the shape the SDK's `RestException` has. */
const twilioErrorOf = async (response: Response): Promise<{ status: number; code?: number; message?: string }> => {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    return {
      status: response.status,
      ...(typeof body.code === 'number' ? { code: body.code } : {}),
      ...(typeof body.message === 'string' ? { message: body.message } : {}),
    };
  } catch {
    return { status: response.status };
  }
};
