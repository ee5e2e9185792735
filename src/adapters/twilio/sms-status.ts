import type { SmsDeliveryStatus } from '../../application/ports/telephony.js';

/**
 * A Twilio `MessageStatus` (API answer or status callback) as the port's delivery state.
 * Unknown or inbound-only values count as `queued`: never further along than Twilio said.
 */
export const smsDeliveryStatusOf = (twilioStatus: string): SmsDeliveryStatus => {
  switch (twilioStatus) {
    case 'sent':
    case 'partially_delivered':
      return 'sent';
    case 'delivered':
    case 'read':
      return 'delivered';
    case 'failed':
    case 'undelivered':
    case 'canceled':
      return 'failed';
    default: // queued, accepted, scheduled, sending
      return 'queued';
  }
};
