// A caller acting as Twilio, for the voice benches' worker threads: rings the number through the
// signed voice webhook, reads the ConversationRelay URL from the TwiML, and opens that socket
// signed as Twilio signs it.
import twilio from 'twilio';
import { WebSocket } from 'ws';

/** Rings `number` on `serverUrl` as caller `index`; resolves with the open relay socket, the call's sid and the caller's number. */
export const dialRelay = async ({ serverUrl, authToken, accountSid, number, index }) => {
  const callSid = `CA${String(index).padStart(8, '0')}${Date.now().toString(16)}${Math.random().toString(16).slice(2, 10)}`;
  const voiceUrl = `${serverUrl}/twilio/voice`;
  const params = { CallSid: callSid, AccountSid: accountSid, From: `+1415555${String(index % 10000).padStart(4, '0')}`, To: number, CallStatus: 'ringing' };
  const answer = await fetch(voiceUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, voiceUrl, params) },
    body: new URLSearchParams(params).toString(),
  });
  const relayUrl = /<ConversationRelay[^>]*\surl="([^"]+)"/.exec(await answer.text())?.[1]?.replaceAll('&amp;', '&');
  if (!relayUrl) throw new Error('no relay URL');
  const socket = new WebSocket(relayUrl, { headers: { 'X-Twilio-Signature': twilio.getExpectedTwilioSignature(authToken, relayUrl, {}) }, perMessageDeflate: false });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, callSid, from: params.From };
};
