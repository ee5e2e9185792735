import * as E from 'fp-ts/lib/Either.js';
import { ConfigError, DEFAULT_RECORDING_DISCLOSURE, loadConfig, type SwitchboardConfig } from '../config.js';
import type { CoreSettings } from './core-settings.js';
import type { SwitchboardOptions } from './options.js';

const trimSlashes = (path: string) => path.replace(/\/+$/, '');

/** An IPv6 address goes in brackets in a URL. */
export const hostInUrl = (host: string) => (host.includes(':') ? `[${host}]` : host);

/** Decodes the environment; throws a {@link ConfigError} listing every problem. */
export const settingsOf = (options: SwitchboardOptions): CoreSettings => {
  const env = options.env ?? process.env;
  const loaded = loadConfig(env);
  if (E.isLeft(loaded)) throw new ConfigError(loaded.left);
  const config: SwitchboardConfig = { ...loaded.right, ...options.config };
  const basePath = trimSlashes(options.basePath ?? '');
  const storage = options.storage ?? 'database';
  return {
    config,
    storage,
    basePath,
    publicUrl: trimSlashes(config.publicUrl ?? `http://${hostInUrl(config.host)}:${config.port}${basePath}`),
    keepsAdminToken: storage === 'database' && !options.unitOfWork,
    env,
    ...(options.metricsRegistry ? { metricsRegistry: options.metricsRegistry } : {}),
  };
};

/** The node's recording disclosure: an embedder's config may leave it out, which keeps the default. */
export const nodeRecordingDisclosure = (config: Pick<SwitchboardConfig, 'recordingDisclosure'>): string | null =>
  config.recordingDisclosure === undefined ? DEFAULT_RECORDING_DISCLOSURE : config.recordingDisclosure;
