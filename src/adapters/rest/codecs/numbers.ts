import * as t from 'io-ts';
import type { ProvisionNumberInput } from '../../../application/use-cases/numbers/provision-number.js';
import { SUPPORTED_COUNTRIES } from '../../../domain/country.js';
import { matching, nullable, oneOf } from './common.js';
import { idText } from './text.js';

export const ProvisionNumberBody = t.partial({
  country: oneOf(SUPPORTED_COUNTRIES, (raw) => raw.toUpperCase()),
  areaCode: matching(/^\d{3}$/, 'must be 3 digits', 'area code'),
  agentId: nullable(idText),
});

export const toProvisionInput = (
  projectId: string,
  body: t.TypeOf<typeof ProvisionNumberBody>,
): ProvisionNumberInput => ({
  projectId,
  country: body.country ?? 'US',
  areaCode: body.areaCode ?? null,
  agentId: body.agentId ?? null,
});
