/** A freshly minted secret: the clear value is shown once, only the hash is kept. */
export interface MintedApiKey {
  readonly clear: string;
  readonly prefix: string;
  readonly hash: string;
}

/** Minting and checking of the secrets the service hands out. */
export interface Credentials {
  mintApiKey(): MintedApiKey;
  hashApiKey(clear: string): string;
  /** A fresh 6-digit one-time code, leading zeros kept. */
  mintOtp(): string;
  /** Hex SHA-256 of a one-time code, salted with the verification it belongs to. */
  hashOtp(verificationId: string, code: string): string;
  /** A fresh webhook signing secret, `whsec_…`; kept in clear (it signs every delivery). */
  mintWebhookSecret(): string;
  /** Constant-time equality of two hashes or codes. */
  same(a: string, b: string): boolean;
}
