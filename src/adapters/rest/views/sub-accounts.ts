import * as t from 'io-ts';
import type { IssuedApiKey } from '../../../application/use-cases/api-keys/new-api-key.js';
import type { CreatedSubAccount } from '../../../application/use-cases/sub-accounts/create-sub-account.js';
import type { SubAccount } from '../../../application/use-cases/sub-accounts/sub-account-reads.js';
import { callLimitOf } from '../../../domain/project.js';
import { isoDateTime, isoInstant, type Wire } from './schema.js';

export const SubAccountView = t.strict({
  id: t.string,
  name: t.string,
  parentId: t.string,
  /** `shared`: its charges come off the parent's balance; `own`: a balance of its own. */
  balanceMode: t.keyof({ shared: null, own: null }),
  status: t.keyof({ active: null, suspended: null, closed: null }),
  /** The balance it draws on (the parent's, when shared), in dollars and in cents, as `/v1/usage`. */
  balance: t.number,
  balanceCents: t.number,
  numberLimit: t.number,
  maxConcurrentCalls: t.number,
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
}, 'SubAccount');

export const ApiKeyIssuedView = t.strict({
  id: t.string,
  /** The key itself: shown this once, never again. */
  key: t.string,
  prefix: t.string,
  name: t.union([t.string, t.null]),
  createdAt: isoDateTime,
}, 'IssuedApiKey');

/** One closed object, not an intersection: the document's schemas refuse properties they do not name. */
export const CreatedSubAccountView = t.strict({ ...SubAccountView.type.props, apiKey: ApiKeyIssuedView }, 'CreatedSubAccount');

export const subAccountView = ({ project, balanceCents }: SubAccount): Wire<typeof SubAccountView> => ({
  id: project.id,
  name: project.name,
  parentId: project.parent?.id ?? '',
  balanceMode: project.parent?.balance ?? 'own',
  status: project.status,
  balance: Math.round(balanceCents) / 100,
  balanceCents,
  numberLimit: project.numberLimit,
  maxConcurrentCalls: callLimitOf(project),
  createdAt: isoInstant(project.createdAt),
  updatedAt: isoInstant(project.updatedAt),
});

export const issuedKeyView = ({ key, clear }: IssuedApiKey): Wire<typeof ApiKeyIssuedView> => ({
  id: key.id,
  key: clear,
  prefix: key.prefix,
  name: key.name,
  createdAt: isoInstant(key.createdAt),
});

export const createdSubAccountView = (created: CreatedSubAccount): Wire<typeof CreatedSubAccountView> => ({
  ...subAccountView(created),
  apiKey: issuedKeyView(created.apiKey),
});
