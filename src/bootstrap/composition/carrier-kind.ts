import { SimulatedTelephony } from '../../adapters/simulated/simulated-telephony.js';
import { TwilioTelephony } from '../../adapters/twilio/twilio-telephony.js';

/** Which carrier a Telephony is: for the start-up log and the landing page. */
export const carrierOf = (telephony: unknown): 'twilio' | 'simulated' | 'custom' =>
  telephony instanceof TwilioTelephony ? 'twilio' : telephony instanceof SimulatedTelephony ? 'simulated' : 'custom';
