// The resolve hook of production-build.mjs: a module that resolves into src/ is taken from dist/src/.
const ROOT = new URL('../../', import.meta.url).href;
const SOURCE = `${ROOT}src/`;
const BUILD = `${ROOT}dist/src/`;

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (!resolved.url.startsWith(SOURCE)) return resolved;
  return { ...resolved, url: `${BUILD}${resolved.url.slice(SOURCE.length).replace(/\.ts$/, '.js')}`, format: 'module' };
}
