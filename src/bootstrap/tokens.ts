/** Container tokens: plain symbols, so a host app's own container never collides with ours. */
export const TOKENS = {
  config: Symbol('SwitchboardConfig'),
  logger: Symbol('Logger'),
  clock: Symbol('Clock'),
  ids: Symbol('IdGenerator'),
  credentials: Symbol('Credentials'),
  unitOfWork: Symbol('UnitOfWork'),
  telephony: Symbol('Telephony'),
  voiceCatalog: Symbol('VoiceCatalog'),
  numberWebhooks: Symbol('NumberWebhooks'),
  webhookTransport: Symbol('WebhookTransport'),
  webhookDispatcher: Symbol('WebhookDispatcher'),
  billingClock: Symbol('BillingClock'),
  useCases: Symbol('UseCases'),
  restApi: Symbol('RestApi'),
  voice: Symbol('VoiceRuntime'),
  callUseCases: Symbol('CallUseCases'),
} as const;
