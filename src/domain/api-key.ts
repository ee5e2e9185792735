/** A project's API key. Only its hash and a short visible prefix are ever stored. */
export interface ApiKey {
  readonly id: string;
  readonly projectId: string;
  /** The first characters of the clear key, to tell keys apart in lists. */
  readonly prefix: string;
  /** Hex SHA-256 of the clear key. */
  readonly hash: string;
  readonly name: string | null;
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
  readonly lastUsedAt: Date | null;
}

export const isActiveKey = (key: ApiKey): boolean => key.revokedAt === null;

export const revokeKey = (key: ApiKey, now: Date): ApiKey =>
  key.revokedAt ? key : { ...key, revokedAt: now };
