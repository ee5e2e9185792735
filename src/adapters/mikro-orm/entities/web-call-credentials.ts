import { EntitySchema } from '@mikro-orm/core';

/** A row of `web_call_credentials`: one carrier account's web-call key (its secret sealed) and application. */
export interface WebCallCredentialsRow {
  account: string;
  keyId: string;
  sealedSecret: string;
  applicationId: string;
  voiceUrl: string;
  createdAt: Date;
}

export const WebCallCredentialsSchema = new EntitySchema<WebCallCredentialsRow>({
  name: 'WebCallCredentialsRow',
  tableName: 'web_call_credentials',
  properties: {
    account: { type: 'string', columnType: 'text', primary: true },
    keyId: { type: 'string', columnType: 'text' },
    sealedSecret: { type: 'string', columnType: 'text' },
    applicationId: { type: 'string', columnType: 'text' },
    voiceUrl: { type: 'string', columnType: 'text' },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
  },
});
