import { join } from 'node:path';
import type { Logger } from '../application/ports/logger.js';
import type { Telephony } from '../application/ports/telephony.js';
import { SimulatedTelephony } from '../adapters/simulated/simulated-telephony.js';
import { TwilioTelephony } from '../adapters/twilio/twilio-telephony.js';
import type { SwitchboardConfig } from './config.js';
import { SIMULATED_CARRIER_FILE } from './data-dir-files.js';
import type { StorageChoice } from './storage.js';

/**
 * The carrier: Twilio when its credentials are set, else the simulated one. The simulated
 * carrier keeps what it sold in DATA_DIR when the data persists, so numbers stay unique
 * across restarts as they would at a real carrier.
 */
export const chooseTelephony = (config: SwitchboardConfig, storage: StorageChoice, logger: Logger): Telephony => {
  const { twilio } = config;
  if (twilio) {
    return new TwilioTelephony({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      apiUrl: twilio.apiUrl,
      logger,
      ...(config.speechModes ? { speechModes: config.speechModes } : {}),
      webCalls: { apiKeySid: twilio.apiKeySid ?? null, apiKeySecret: twilio.apiKeySecret ?? null, twimlAppSid: twilio.twimlAppSid ?? null },
    });
  }
  return new SimulatedTelephony(storage === 'database' ? { stateFile: join(config.dataDir, SIMULATED_CARRIER_FILE) } : {});
};
