import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { silentLogger } from '../../src/adapters/pino/pino-logger.js';
import { trustMailbox } from '../../src/domain/mailbox.js';
import { createSwitchboard, type Switchboard } from '../../src/index.js';

/** A host Node app serving its own routes, with a Switchboard (memory storage) mounted under `/switchboard`. */
export interface HostApp {
  readonly switchboard: Switchboard;
  /** `http://127.0.0.1:<port>` of the host's server. */
  readonly origin: string;
  /** The API key of a project made for the test. */
  readonly apiKey: string;
  close(): Promise<void>;
}

/** Starts a host app whose every path but `/switchboard/…` answers "host app" as plain text. */
export const aHostApp = async (email: string): Promise<HostApp> => {
  const switchboard = createSwitchboard({ env: {}, storage: 'memory', basePath: '/switchboard', logger: silentLogger() });
  await switchboard.start();
  const created = await switchboard.useCases().projects.createProject.execute({ email: trustMailbox(email) })();
  if (created._tag === 'Left') throw new Error(JSON.stringify(created.left));
  const host: Server = createServer((req, res) => {
    if (req.url?.startsWith('/switchboard/')) return switchboard.requestListener(req, res);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('host app');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  return {
    switchboard,
    origin: `http://127.0.0.1:${(host.address() as AddressInfo).port}`,
    apiKey: created.right.apiKey.clear,
    close: async () => {
      host.closeAllConnections();
      await new Promise((resolve) => host.close(resolve));
      await switchboard.close();
    },
  };
};
