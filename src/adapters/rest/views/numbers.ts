import type { PhoneNumber } from '../../../domain/phone-number.js';

/** Every number the service sells is a local, SMS- and voice-capable one. */
const NUMBER_TYPE = 'local';

/** The short form embedded in agents and attach results. */
export const numberSummaryView = (number: PhoneNumber) => ({
  id: number.id,
  phoneNumber: number.phoneNumber,
  status: number.status,
  type: NUMBER_TYPE,
});

export const numberView = (number: PhoneNumber) => ({
  id: number.id,
  phoneNumber: number.phoneNumber,
  country: number.country,
  status: number.status,
  type: NUMBER_TYPE,
  agentId: number.agentId,
  capabilities: { sms: true, voice: true },
  createdAt: number.createdAt.toISOString(),
  releasedAt: number.releasedAt?.toISOString() ?? null,
});

export const releasedNumberView = (number: PhoneNumber) => ({
  success: true,
  id: number.id,
  phoneNumber: number.phoneNumber,
  status: number.status,
});
