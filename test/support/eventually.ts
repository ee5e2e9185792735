/** What to wait for, said in the failure; a function is asked when it fails (to show what was seen). */
type What = string | (() => string);

export interface EventuallyOptions {
  readonly what?: What;
  /** Milliseconds before giving up (default 5000). */
  readonly within?: number;
}

const POLL_MS = 10;

/**
 * Asks `check` again and again until it holds (returns anything but `false`, `null` or
 * `undefined`) and returns what it returned; fails after `within` ms. For what a test cannot
 * be told directly (another process, a socket, a database); an error `check` throws ends the wait.
 */
export const eventually = async <A>(
  check: () => A | Promise<A>,
  { what = 'the condition', within = 5000 }: EventuallyOptions = {},
): Promise<Exclude<A, false | null | undefined>> => {
  const deadline = Date.now() + within;
  for (;;) {
    const value = await check();
    if (value !== false && value !== null && value !== undefined) return value as Exclude<A, false | null | undefined>;
    if (Date.now() > deadline) throw new Error(`timed out after ${within} ms waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
};
