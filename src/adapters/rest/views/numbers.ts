import * as t from 'io-ts';
import type { Country } from '../../../domain/country.js';
import type { NumberStatus, PhoneNumber } from '../../../domain/phone-number.js';
import { e164, isoDateTime, isoInstant, isoInstantOrNull, nullable, valuesOf, type Wire } from './schema.js';

/** Every number the service sells is a local, SMS- and voice-capable one. */
const NUMBER_TYPE = 'local';

const NumberStatusView = valuesOf<NumberStatus>({ active: null, released: null });
const CountryView = valuesOf<Country>({ US: null, CA: null });

export const NumberSummaryView = t.strict({ id: t.string, phoneNumber: e164, status: NumberStatusView, type: t.literal(NUMBER_TYPE) }, 'NumberSummary');

export const NumberView = t.strict({
  id: t.string,
  phoneNumber: e164,
  country: CountryView,
  status: NumberStatusView,
  type: t.literal(NUMBER_TYPE),
  agentId: nullable(t.string),
  capabilities: t.strict({ sms: t.literal(true), voice: t.literal(true) }),
  createdAt: isoDateTime,
  releasedAt: nullable(isoDateTime),
}, 'PhoneNumber');

export const ReleasedNumberView = t.strict({ success: t.literal(true), id: t.string, phoneNumber: e164, status: NumberStatusView }, 'ReleasedNumber');

/** The short form embedded in agents and attach results. */
export const numberSummaryView = (number: PhoneNumber): Wire<typeof NumberSummaryView> => ({
  id: number.id,
  phoneNumber: number.phoneNumber,
  status: number.status,
  type: NUMBER_TYPE,
});

export const numberView = (number: PhoneNumber): Wire<typeof NumberView> => ({
  id: number.id,
  phoneNumber: number.phoneNumber,
  country: number.country,
  status: number.status,
  type: NUMBER_TYPE,
  agentId: number.agentId,
  capabilities: { sms: true, voice: true },
  createdAt: isoInstant(number.createdAt),
  releasedAt: isoInstantOrNull(number.releasedAt),
});

export const releasedNumberView = (number: PhoneNumber): Wire<typeof ReleasedNumberView> => ({
  success: true,
  id: number.id,
  phoneNumber: number.phoneNumber,
  status: number.status,
});
