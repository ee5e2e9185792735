/** Scalar's settings, read when its script starts (so its first paint already has them). */
const CONFIGURATION = JSON.stringify({
  withDefaultFonts: false,
  // The theme names Inter and a mono font from Scalar's font server: the system's own instead.
  customCss: ':root, .scalar-app { --scalar-font: system-ui, -apple-system, "Segoe UI", sans-serif; --scalar-font-code: ui-monospace, Menlo, monospace; }',
  showDeveloperTools: 'never',
}).replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * The API reference page, `{base}/docs`: Scalar renders `{base}/openapi.json`. Both URLs are
 * relative to the page, so it works under any base path. Scalar reads its settings from the
 * tag's `data-configuration` before its first paint: no web fonts, no request proxy, so nothing
 * leaves the origin (the page's CSP holds it to that; the tag itself runs nothing).
 */
export const renderApiReferencePage = (page: {
  /** The Content-Security-Policy nonce of this response. */
  readonly nonce: string;
  /** Relative to the page, e.g. `docs/scalar.js?v=1.40.9`. */
  readonly scriptPath: string;
  /** Relative to the page: `openapi.json`. */
  readonly documentPath: string;
}): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Switchboard API reference</title>
<link rel="icon" href="data:,">
</head>
<body>
<script id="api-reference" data-url="${page.documentPath}" data-configuration="${CONFIGURATION}"></script>
<script nonce="${page.nonce}" src="${page.scriptPath}"></script>
</body>
</html>
`;
