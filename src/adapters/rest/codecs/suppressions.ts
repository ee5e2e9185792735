import * as t from 'io-ts';
import { SUPPRESSION_CHANNELS } from '../../../domain/suppression.js';
import { pageQuery } from '../pagination.js';
import { nullable, oneOf } from './common.js';
import { anyPhoneNumber } from './phone.js';
import { boundedText, MAX_LENGTH } from './text.js';

export const suppressionChannel = oneOf(SUPPRESSION_CHANNELS, (raw) => raw.trim().toLowerCase());
export const suppressionReason = nullable(boundedText(MAX_LENGTH.notes));

export const AddSuppressionBody = t.intersection([
  t.type({ phoneNumber: anyPhoneNumber }),
  t.partial({ channel: suppressionChannel, reason: suppressionReason }),
]);

export const ListSuppressionsQuery = pageQuery({ defaultLimit: 50, maxLimit: 500 });

export const RemoveSuppressionQuery = t.partial({ channel: suppressionChannel });
