import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Logger } from '../application/ports/logger.js';
import type { SwitchboardConfig } from './config.js';
import { ADMIN_TOKEN_FILE } from './data-dir-files.js';
import type { StorageChoice } from './storage.js';

export { ADMIN_TOKEN_FILE };

export const generateAdminToken = (): string => `sb_admin_${randomBytes(24).toString('base64url')}`;

/**
 * The bearer token of the admin console: ADMIN_TOKEN when set; with memory storage, one made
 * for this instance; otherwise the one kept in `DATA_DIR/admin-token` (mode 0600), made and
 * printed once to stdout at the first start, so that it stays the same across restarts. The
 * token goes to stdout that once, never into the structured log.
 */
export const resolveAdminToken = async (
  config: Pick<SwitchboardConfig, 'adminToken' | 'dataDir'>,
  storage: StorageChoice,
  logger: Logger,
  announce: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<string> => {
  if (config.adminToken) return config.adminToken;
  if (storage === 'memory') return generateAdminToken();
  const file = join(config.dataDir, ADMIN_TOKEN_FILE);
  const kept = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '';
      throw error;
    },
  );
  if (kept !== '') return kept;
  const token = generateAdminToken();
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  try {
    await writeFile(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process made it first: theirs is the token.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(file, 'utf8')).trim();
    throw error;
  }
  logger.info({ file }, 'admin console token generated (printed once on stdout; set ADMIN_TOKEN to choose one)');
  announce(`Switchboard admin console token (kept in ${file}): ${token}`);
  return token;
};

/**
 * Where the admin console's token comes from, for the start-up banner: said at every start,
 * since the token itself is printed only at the first.
 */
export const adminTokenLocation = (config: Pick<SwitchboardConfig, 'adminToken' | 'dataDir'>, storage: StorageChoice): string => {
  if (config.adminToken) return 'the ADMIN_TOKEN setting';
  if (storage === 'memory') return 'made for this run only (memory storage); set ADMIN_TOKEN to choose one';
  return resolve(config.dataDir, ADMIN_TOKEN_FILE);
};
