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
  /** Constant-time equality of two hashes or codes. */
  same(a: string, b: string): boolean;
}
