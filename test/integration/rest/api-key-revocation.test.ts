import { randomUUID } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { createSwitchboard, type Switchboard, type SwitchboardOptions } from '../../../src/bootstrap/create-switchboard.js';
import { trustMailbox } from '../../../src/domain/mailbox.js';
import { eventually } from '../../support/eventually.js';
import { createScratchDatabase } from '../../support/scratch-database.js';
import { RecordingLogger } from './harness.js';
import { aFileDataDir } from '../../support/file-data-dir.js';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Accepted API keys are cached for 30 s on each node: what these tests show is that a
 * revocation or a suspension does not wait for that, on the node that made it or any other.
 */
describe('revoking an API key, or suspending its project, with keys cached', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const carrierDir = aFileDataDir('switchboard-revocation-carrier-');
  const aNode = async (options: SwitchboardOptions): Promise<Switchboard> => {
    const node = createSwitchboard({ env: {}, logger: new RecordingLogger(), ...options, config: { dataDir: carrierDir, ...options.config } });
    cleanups.push(() => node.close());
    await node.start(); // one at a time: the first one migrates a fresh database
    return node;
  };
  const aProjectOn = async (node: Switchboard) => {
    const created = await node.useCases().projects.createProject.execute({ email: trustMailbox(`revoke-${randomUUID()}@example.com`) })();
    if (E.isLeft(created)) throw new Error('project not created');
    return { projectId: created.right.project.id, keyId: created.right.apiKey.key.id, clear: created.right.apiKey.clear };
  };
  const statusOn = async (node: Switchboard, key: string) =>
    (await node.fetch(new Request('http://switchboard.test/v1/agents', { headers: { authorization: `Bearer ${key}` } }))).status;

  it('in one process (in-process event bus): the next request is refused', async () => {
    const node = await aNode({ unitOfWork: new InMemoryUnitOfWork() });
    const key = await aProjectOn(node);
    const other = await aProjectOn(node);
    expect([await statusOn(node, key.clear), await statusOn(node, other.clear)]).toEqual([200, 200]); // both cached now

    await node.useCases().admin.revokeKey.execute({ keyId: key.keyId })();
    await node.useCases().admin.suspendProject.execute({ projectId: other.projectId })();

    expect([await statusOn(node, key.clear), await statusOn(node, other.clear)]).toEqual([401, 403]);
  });

  describe.skipIf(!serverUrl)('on two nodes sharing PostgreSQL (EVENT_BUS=postgres)', () => {
    const twoNodes = async () => {
      const scratch = await createScratchDatabase(serverUrl!, 'sb_key_revocation');
      cleanups.push(() => scratch.drop());
      // A given admin token: none is generated and kept on disk.
      const options: SwitchboardOptions = { config: { databaseUrl: scratch.url, eventBus: 'postgres', adminToken: 'sb_admin_revocation_test_token_0123456789' } };
      return [await aNode(options), await aNode(options)] as const;
    };

    it('a key revoked on one node is refused by the other well within the cache lifetime', async () => {
      const [a, b] = await twoNodes();
      const key = await aProjectOn(a);
      const other = await aProjectOn(a);
      expect([await statusOn(b, key.clear), await statusOn(b, other.clear)]).toEqual([200, 200]); // cached on b

      await a.useCases().admin.revokeKey.execute({ keyId: key.keyId })();

      // NOTIFY reaches the other node in milliseconds; the cache would keep the key for 30 s.
      await eventually(async () => (await statusOn(b, key.clear)) === 401, { within: 5000, what: 'node b to refuse the revoked key' });
      expect(await statusOn(a, key.clear)).toBe(401);
      expect(await statusOn(b, other.clear)).toBe(200);
    });

    it('a project suspended on one node has its keys refused by the other', async () => {
      const [a, b] = await twoNodes();
      const key = await aProjectOn(a);
      expect(await statusOn(b, key.clear)).toBe(200);

      await a.useCases().admin.suspendProject.execute({ projectId: key.projectId })();

      await eventually(async () => (await statusOn(b, key.clear)) === 403, { within: 5000, what: 'node b to refuse the suspended project' });
    });
  });
});
