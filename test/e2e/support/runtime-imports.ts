import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

/** Every module specifier a compiled file loads: `import … from`, `export … from`, `import '…'`, `import('…')`, `require('…')`, `.resolve('…')`. */
const SPECIFIERS = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*|\.resolve\s*\(\s*)['"]([^'"\s]+)['"]/g;

/** What npm accepts as a package name; anything else a match finds is text, not a specifier. */
const PACKAGE_NAME = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;

const BUILTINS = new Set(builtinModules);

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`); null for a relative path or a Node built-in. */
export const packageOf = (specifier: string): string | null => {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
  return BUILTINS.has(name) || !PACKAGE_NAME.test(name) ? null : name;
};

const jsFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? jsFiles(path) : entry.name.endsWith('.js') ? [path] : [];
  });

/** Each package the compiled code under `dir` loads, with a file that loads it. */
export const packagesLoadedBy = (dir: string): Map<string, string> => {
  const loaded = new Map<string, string>();
  for (const file of jsFiles(dir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIERS)) {
      const name = packageOf(match[1]!);
      if (name && !loaded.has(name)) loaded.set(name, file);
    }
  }
  return loaded;
};
