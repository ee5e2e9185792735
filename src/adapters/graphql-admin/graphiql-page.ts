import { createHash } from 'node:crypto';
import type { GraphiQLOptions } from 'graphql-yoga';

export interface GraphiqlPage {
  readonly html: string;
  readonly headers: Readonly<Record<string, string>>;
}

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The Content-Security-Policy of a GraphiQL page. The page is the same for every visit, so
 * its inline code is allowed by hash (no nonce to rewrite into megabytes of script per request). Its editor
 * runs workers made from blobs, and React and Monaco set styles at run time.
 */
const policyFor = (html: string): string => {
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map((match) => sha256(match[1]!));
  return [
    "default-src 'none'",
    `script-src 'self' ${hashes.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    'worker-src blob:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
};

/**
 * GraphiQL as @graphql-yoga/render-graphiql builds it: everything inline (styles, code, the
 * editor's workers), nothing from a CDN, so it works offline under `script-src 'self'`.
 * The bundle is large: imported on the first visit, not at start.
 */
export const renderGraphiqlPage = async (options: GraphiQLOptions): Promise<GraphiqlPage> => {
  const { renderGraphiQL } = await import('@graphql-yoga/render-graphiql');
  const html = renderGraphiQL(options);
  return {
    html,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': policyFor(html),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
    },
  };
};
