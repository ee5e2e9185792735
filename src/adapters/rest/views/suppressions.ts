import * as t from 'io-ts';
import type { Suppression } from '../../../domain/suppression.js';
import { SUPPRESSION_CHANNELS, SUPPRESSION_SOURCES } from '../../../domain/suppression.js';
import { e164, isoDateTime, isoInstant, nullable, valuesIn, type Wire } from './schema.js';

export const SuppressionView = t.strict({
  phoneNumber: e164,
  channel: valuesIn(SUPPRESSION_CHANNELS),
  reason: nullable(t.string),
  source: valuesIn(SUPPRESSION_SOURCES),
  createdAt: isoDateTime,
}, 'Suppression');

export const SuppressionImportView = t.strict({ added: t.number, alreadyListed: t.number }, 'SuppressionImport');

export const suppressionView = (s: Suppression): Wire<typeof SuppressionView> => ({
  phoneNumber: s.phoneNumber,
  channel: s.channel,
  reason: s.reason,
  source: s.source,
  createdAt: isoInstant(s.createdAt),
});

/** The CSV export's columns, in order; an import reads the same header. */
export const SUPPRESSION_CSV_HEADER = ['phoneNumber', 'channel', 'reason', 'source', 'createdAt'] as const;
