/**
 * The API reference page, `{base}/docs`: Scalar renders `{base}/openapi.json`. Both URLs are
 * relative to the page, so it works under any base path. Scalar's web fonts are turned off
 * and no request proxy is set: nothing leaves the origin (the page's CSP holds it to that).
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
</head>
<body>
<div id="api-reference"></div>
<script nonce="${page.nonce}" src="${page.scriptPath}"></script>
<script nonce="${page.nonce}">
  Scalar.createApiReference('#api-reference', {
    url: new URL(${JSON.stringify(page.documentPath)}, location.href).toString(),
    withDefaultFonts: false,
    showDeveloperTools: 'never',
  });
</script>
</body>
</html>
`;
