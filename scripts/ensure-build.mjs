// `npm start` runs the compiled server; build first when dist is missing or older than src.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((latest, entry) => {
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newest(path) : statSync(path).mtimeMs;
    return Math.max(latest, time);
  }, 0);

const entry = 'dist/src/bootstrap/cli.js';
if (!existsSync(entry) || newest('src') > statSync(entry).mtimeMs) {
  console.error('building switchboard…');
  execSync('npm run build', { stdio: 'inherit' });
}
