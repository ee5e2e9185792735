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
  useCases: Symbol('UseCases'),
  restApi: Symbol('RestApi'),
} as const;
