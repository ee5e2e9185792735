// A caller acting as Twilio, for the voice benches' worker threads: rings the number through the
// signed voice webhook, reads the ConversationRelay URL and the `<Connect action>` from the TwiML,
// and opens that socket signed as Twilio signs it. Hanging up does what Twilio does when the
// caller hangs up: the socket closes, then the action URL hears that the session ended, so the
// call is over in storage too (calls left in progress would pile up over a run's rounds).
import twilio from 'twilio';
import { WebSocket } from 'ws';

const attribute = (twiml, element, name) =>
  new RegExp(`<${element}[^>]*\\s${name}="([^"]+)"`).exec(twiml)?.[1]?.replaceAll('&amp;', '&') ?? null;

/** Posts `params` to `url` as a form, signed with `authToken` as Twilio signs its webhooks. */
const postSigned = (authToken, url, params) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, url, params) },
    body: new URLSearchParams(params).toString(),
  });

/**
 * Rings `number` on `serverUrl` as caller `index`; resolves with the open relay socket, the
 * call's sid, the caller's number, and `hangUp()`, which resolves once the action URL answered.
 */
export const dialRelay = async ({ serverUrl, authToken, accountSid, number, index }) => {
  const callSid = `CA${String(index).padStart(8, '0')}${Date.now().toString(16)}${Math.random().toString(16).slice(2, 10)}`;
  const params = { CallSid: callSid, AccountSid: accountSid, From: `+1415555${String(index % 10000).padStart(4, '0')}`, To: number, CallStatus: 'ringing' };
  const twiml = await (await postSigned(authToken, `${serverUrl}/twilio/voice`, params)).text();
  const relayUrl = attribute(twiml, 'ConversationRelay', 'url');
  if (!relayUrl) throw new Error('no relay URL');
  const endedUrl = attribute(twiml, 'Connect', 'action');
  const socket = new WebSocket(relayUrl, { headers: { 'X-Twilio-Signature': twilio.getExpectedTwilioSignature(authToken, relayUrl, {}) }, perMessageDeflate: false });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const answeredAt = Date.now();
  const hangUp = async () => {
    socket.close();
    if (!endedUrl) return;
    const seconds = String(Math.round((Date.now() - answeredAt) / 1000));
    const ended = await postSigned(authToken, endedUrl, { CallSid: callSid, AccountSid: accountSid, SessionStatus: 'ended', CallDuration: seconds });
    await ended.text();
    if (!ended.ok) throw new Error(`the relay's action answered ${ended.status}`);
  };
  return { socket, callSid, from: params.From, hangUp };
};
