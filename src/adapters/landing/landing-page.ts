/** What the landing page says is running. */
export interface RunningSummary {
  /** Switchboard's version (package.json). */
  readonly version: string;
  /** e.g. `Twilio`, `simulated (no real calls or texts)`. */
  readonly carrier: string;
  /** e.g. `embedded database (PGlite)`, `PostgreSQL`. */
  readonly storage: string;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Link {
  readonly path: string;
  readonly title: string;
  readonly what: string;
}

const LINKS: readonly Link[] = [
  { path: '/playground', title: 'Call playground', what: 'call one of your agents from the browser (needs a project API key)' },
  { path: '/admin/graphql', title: 'Admin console (GraphiQL)', what: 'projects, credit, keys and deliveries (needs the admin token)' },
  { path: '/docs', title: 'API reference', what: 'every REST route and webhook event' },
  { path: '/openapi.json', title: 'OpenAPI document', what: 'the REST API as OpenAPI 3.1, for clients and tools' },
  { path: '/health', title: 'Health', what: 'whether this node and its database answer' },
];

/**
 * The page at `{base}/`: what is running and where to go from here. Static, one inline style
 * (carrying the response's CSP nonce), no script and nothing fetched.
 */
export const renderLandingPage = (page: { readonly nonce: string; readonly basePath: string; readonly running: RunningSummary }): string => {
  const { version, carrier, storage } = page.running;
  const links = LINKS.map(
    (link) =>
      `<li><a href="${escapeHtml(`${page.basePath}${link.path}`)}">${escapeHtml(link.title)}</a><span>${escapeHtml(link.what)}</span></li>`,
  ).join('\n    ');
  return /* html */ `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Switchboard ${escapeHtml(version)}</title>
<link rel="icon" href="data:,">
<style nonce="${escapeHtml(page.nonce)}">
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2433; background: #f7f8fb; }
  main { max-width: 720px; margin: 40px auto; padding: 0 24px; }
  h1 { font-size: 24px; margin: 0 0 4px; }
  p.lead { color: #6b7385; margin: 0 0 20px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; background: #fff; border: 1px solid #dfe3ea; border-radius: 10px; padding: 16px; margin: 0 0 24px; }
  dt { color: #6b7385; }
  dd { margin: 0; font-weight: 600; }
  ul { list-style: none; padding: 0; margin: 0; }
  li { background: #fff; border: 1px solid #dfe3ea; border-radius: 10px; padding: 12px 16px; margin: 0 0 10px; }
  li a { font-weight: 600; color: #3b5bdb; text-decoration: none; display: block; }
  li span { color: #6b7385; font-size: 14px; }
</style>
</head>
<body>
<main>
  <h1>Switchboard is running</h1>
  <p class="lead">AI phone agents for voice and text: a REST API under <code>${escapeHtml(page.basePath)}/v1</code>.</p>
  <dl id="running">
    <dt>Version</dt><dd id="version">${escapeHtml(version)}</dd>
    <dt>Carrier</dt><dd id="carrier">${escapeHtml(carrier)}</dd>
    <dt>Storage</dt><dd id="storage">${escapeHtml(storage)}</dd>
  </dl>
  <ul id="links">
    ${links}
  </ul>
</main>
</body>
</html>
`;
};
