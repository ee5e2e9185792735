// Prints the counts the storage redesign is judged by: storage adapter lines, type assertions,
// long files, comments quoting measurements, ports declared outside ports/, container look-ups.
// `node scripts/code-counts.mjs`; nothing here is read by the product.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
const files = walk(join(ROOT, 'src')).map((path) => ({ path: relative(ROOT, path), lines: readFileSync(path, 'utf8').split('\n') }));

const isComment = (line) => /^\s*(\/\/|\/\*|\*)/.test(line);
const code = (line) => line.replace(/\/\/.*$/, '').replace(/(['"`])(?:\\.|(?!\1).)*\1/g, '""');
// A measured figure: a time, a share, a rate, or the garbage collector's and profiler's vocabulary.
// (Sizes are left out: "default 1 MiB" is a configuration fact, not a measurement.)
const FIGURE = /\d[\d.,]*\s*(µs|us\b|ms\b|%|req\/s|rps\b)|young.generation|\bGC\b|\bCPU\b/i;
const storage = files.filter((f) => f.path.startsWith('src/adapters/mikro-orm/') && !f.path.includes('/migrations/'));
// `x as T`: not `as const`, not a renaming import or export (`{ a as b }`, `* as t`).
const CAST = /[\w)\]}>'"]\s+as (?!const\b)(?:[A-Z{([]|(?:string|number|boolean|unknown|any|never|readonly|typeof|keyof)\b)/g;
const program = (f) => f.lines.filter((l) => !isComment(l) && !/^\s*(import|export)\s*(type\s*)?[{*]/.test(l)).map(code);
const casts = files.flatMap((f) => program(f).flatMap((l) => l.match(CAST) ?? []));
const doubleCasts = files.flatMap((f) => program(f).flatMap((l) => l.match(/\bas unknown as\b/g) ?? []));
const long = files.filter((f) => f.lines.length > 300);
const figureComments = files.flatMap((f) => f.lines.filter((l) => isComment(l) && FIGURE.test(l)).map((l) => `${f.path}: ${l.trim()}`));
// A port: an interface with methods, declared in the application for something outside it to
// fill (an adapter, the composition root), so one named in a file outside src/application/. The
// use-case bundles, which the composition root fills from the use cases, aside; an interface only
// the application's own code fills (a collaborator's shape, a result) is no port. Query ports
// live in queries/, beside the write side's ports/.
const application = files.filter((f) => f.path.startsWith('src/application/') && !/^src\/application\/(ports|queries)\//.test(f.path));
const outside = files.filter((f) => !f.path.startsWith('src/application/'));
const interfaces = (f) => {
  const found = [];
  f.lines.forEach((line, at) => {
    const head = /^export interface (\w+)/.exec(line);
    if (!head || /UseCases$/.test(head[1])) return;
    const end = f.lines.findIndex((l, i) => i > at && /^\}/.test(l));
    const body = f.lines.slice(at + 1, end);
    const named = new RegExp(`\\b${head[1]}\\b`);
    const filledOutside = outside.some((o) => o.lines.some((l) => named.test(l)));
    if (filledOutside && body.some((l) => /^\s+(readonly\s+)?\w+\??(<[^>]*>)?\(/.test(l))) found.push(`${f.path}: ${head[1]}`);
  });
  return found;
};
const portsOutside = application.flatMap(interfaces);
const containerGets = files.filter((f) => !f.path.startsWith('src/bootstrap/composition/')).flatMap((f) => f.lines.filter((l) => /container\.get/.test(l)).map(() => f.path));

const show = (name, value, detail = []) => {
  console.log(`${name.padEnd(44)} ${value}`);
  if (process.argv.includes('--detail')) for (const line of detail) console.log(`    ${line}`);
};
show('lines in src/adapters/mikro-orm (no migrations)', storage.reduce((sum, f) => sum + f.lines.length, 0));
show('`as` casts in src (not `as const`)', casts.length);
show('`as unknown as` in src', doubleCasts.length);
show('files over 300 lines in src', long.length, long.map((f) => `${f.path} (${f.lines.length})`));
show('comment lines quoting figures', figureComments.length, figureComments);
show('ports declared outside ports/', portsOutside.length, portsOutside);
show('container.get outside the composition root', containerGets.length, containerGets);
