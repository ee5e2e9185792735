/**
 * Every route of the HTTP app that answers without a credential, and why it may. Any other route
 * must come after a guard (`credentialGuard`): a test lists the composed app's routes and fails
 * on one that is neither. Keys are `METHOD path`, paths relative to the base path.
 */
export const PUBLIC_ROUTES: Readonly<Record<string, string>> = {
  'ALL /*': "middleware of every request (body limit, CORS, request id, path checks) and the API's 404/405 answer",
  'GET /health': 'readiness probe: says only whether the store answers',
  'POST /v0/agent/sign-up': 'sign-up has no key yet; limited per mailbox and per client IP',
  'POST /v0/agent/verify': 'sign-up verification; 3 codes per sign-up, limited per client IP',
  'ALL /mcp/sign-up': 'the MCP server of sign-up and verification alone, under the same limits',
  'GET /': 'the landing page: version, carrier and storage kind, no data',
  'GET /openapi.json': 'the API reference, the same for every instance of a version',
  'GET /docs': 'the API reference page',
  'GET /docs/scalar.js': "the API reference page's script",
  'GET /playground': 'the playground page; every call it makes carries a key',
  'GET /playground/twilio-voice-sdk.js': "the playground's script, from the npm package",
  'GET /playground/favicon.svg': "the playground's icon",
  'POST /twilio/sms': "Twilio's webhook: X-Twilio-Signature checked, 403 without",
  'POST /twilio/sms/status': "Twilio's webhook: X-Twilio-Signature checked, 403 without",
  'POST /twilio/voice': "Twilio's webhook: X-Twilio-Signature checked, 403 without",
  'POST /twilio/voice/relay-ended': "Twilio's webhook: X-Twilio-Signature checked, 403 without",
  'POST /twilio/voice/status': "Twilio's webhook: X-Twilio-Signature checked, 403 without",
  'POST /twilio/voice/whisper': "Twilio's webhook: X-Twilio-Signature checked, 403 without",
  'POST /twilio/voice/transfer-ended': "Twilio's webhook: X-Twilio-Signature checked, 403 without",
  'POST /twilio/voice/answered-by': "Twilio's webhook: X-Twilio-Signature checked, 403 without",
  'POST /twilio/voice/recording': "Twilio's webhook: X-Twilio-Signature checked, 403 without",
};
