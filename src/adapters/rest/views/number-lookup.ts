import * as t from 'io-ts';
import type { LineType } from '../../../application/ports/number-lookup.js';
import type { NumberLookupAnswer } from '../../../application/use-cases/numbers/lookup-number.js';
import { nullable, valuesOf, type Wire } from './schema.js';

const LineTypeView = valuesOf<LineType>({
  mobile: null,
  landline: null,
  fixed_or_mobile: null,
  toll_free: null,
  voip: null,
  premium_rate: null,
  shared_cost: null,
  personal: null,
  pager: null,
  uan: null,
  voicemail: null,
  unknown: null,
});

export const NumberLookupView = t.strict({
  input: t.string,
  valid: t.boolean,
  phoneNumber: nullable(t.string),
  country: nullable(t.string),
  nationalFormat: nullable(t.string),
  lineType: LineTypeView,
  carrier: nullable(t.string),
  location: nullable(t.string),
  source: valuesOf<NumberLookupAnswer['source']>({ numbering_plan: null, carrier: null }),
  costCents: t.number,
}, 'NumberLookup');

export const numberLookupView = (answer: NumberLookupAnswer): Wire<typeof NumberLookupView> => ({
  input: answer.input,
  valid: answer.valid,
  phoneNumber: answer.e164,
  country: answer.country,
  nationalFormat: answer.nationalFormat,
  lineType: answer.lineType,
  carrier: answer.carrier,
  location: answer.location,
  source: answer.source,
  costCents: answer.costCents,
});
