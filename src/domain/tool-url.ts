import { fillVariables, type CallVariables } from './call-variables.js';

/**
 * The scheme and authority of a URL as written (`https://api.example:8443`), and what follows.
 * Backslashes end the authority too: URL parsers read them as slashes in http(s) URLs.
 */
const ORIGIN_AS_WRITTEN = /^[^/?#\\]*(?:[/\\]{2}[^/?#\\]*)?/;

const splitAt = (text: string, mark: string): [string, string | null] => {
  const at = text.indexOf(mark);
  return at < 0 ? [text, null] : [text.slice(0, at), text.slice(at + 1)];
};

/**
 * Why a tool URL may not be saved as written, or null: `{{variables}}` may fill its path and query,
 * never its scheme, host, port or credentials, so where a tool's request (and its headers) goes is
 * fixed when the agent is saved, not by a value a call brings.
 */
export const toolUrlOriginProblem = (raw: string): string | null => {
  const trimmed = raw.trim();
  const origin = ORIGIN_AS_WRITTEN.exec(trimmed)?.[0] ?? '';
  if (origin.includes('{{')) return 'must not hold {{variables}} in its scheme, host, port or credentials: they may fill its path and query only';
  // `https:api.example/x` parses, but its host is not where it is written: refused, so the filling,
  // which leaves what follows the written origin to the variables, never reaches a host.
  return originOf(origin) === originOf(trimmed) ? null : 'must start with its scheme and host, as in https://api.example.com/path';
};

const originOf = (text: string): string | null => {
  try {
    return new URL(text).origin;
  } catch {
    return null;
  }
};

/**
 * A saved tool URL with the call's variables filled in its path, query and fragment, each set on a
 * URL whose origin is already parsed: a value cannot move the request to another host (a value
 * starting with `//`, or holding `?`, `#` or `@`, stays inside the component it fills). Throws
 * on a URL that does not parse, or that a tool may not be saved with (one stored before the rule).
 */
export const fillToolUrl = (raw: string, variables: CallVariables, unknown?: Set<string>): URL => {
  const problem = toolUrlOriginProblem(raw);
  if (problem !== null) throw new TypeError(`tool URL ${problem}`);
  const trimmed = raw.trim();
  const origin = ORIGIN_AS_WRITTEN.exec(trimmed)?.[0] ?? '';
  const url = new URL(origin);
  const [beforeFragment, fragment] = splitAt(trimmed.slice(origin.length), '#');
  const [path, query] = splitAt(beforeFragment, '?');
  const fill = (text: string) => fillVariables(text, variables, unknown);
  url.pathname = fill(path) || '/';
  url.search = query === null ? '' : fill(query);
  url.hash = fragment === null ? '' : fill(fragment);
  return url;
};
