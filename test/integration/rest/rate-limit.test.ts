import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it } from 'vitest';
import { apiKeyGuard } from '../../../src/adapters/rest/api-key-guard.js';
import { aSwitchboard, type SwitchboardHarness } from '../../support/switchboard-harness.js';
import { queriesOf } from '../../../src/bootstrap/composition/store-queries.js';

const issueKey = async (h: SwitchboardHarness, projectId: string) => {
  const issued = await h.sut.useCases().admin.issueKey.execute({ projectId, name: 'second' })();
  if (E.isLeft(issued)) throw new Error(issued.left._tag);
  return issued.right;
};

describe(apiKeyGuard.name, () => {
  let h: SwitchboardHarness;
  afterEach(async () => {
    await h?.close();
  });

  it('answers exactly one of 101 requests in a window with 429, leaving other keys alone', async () => {
    h = await aSwitchboard(); // RATE_LIMIT default: 100/10s
    const owner = await h.signedUp('busy@example.com');
    const sameProject = await issueKey(h, owner.project_id);
    const otherProject = await h.signedUp('quiet@example.com');

    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof h.call>> | undefined;
    for (let i = 0; i < 101; i++) {
      const reply = await h.call('GET', '/v1/agents', { key: owner.api_key });
      statuses.push(reply.status);
      if (reply.status === 429) refused = reply;
    }

    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused!.headers.get('retry-after'))).toBeLessThanOrEqual(10);
    expect(refused!.body.error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', type: 'rate_limit_error' });
    expect(refused!.body.error.message).toContain('100 requests per 10 seconds');
    expect((await h.call('GET', '/v1/agents', { key: sameProject.clear })).status).toBe(200);
    expect((await h.call('GET', '/v1/agents', { key: otherProject.api_key })).status).toBe(200);
  });

  it('follows RATE_LIMIT and does not count requests without a valid key', async () => {
    h = await aSwitchboard({ env: { RATE_LIMIT: '2/1m' } });
    const owner = await h.signedUp('small@example.com');
    await h.call('GET', '/v1/agents', { key: 'sk_live_wrong' });

    const statuses = [
      (await h.call('GET', '/v1/numbers', { key: owner.api_key })).status,
      (await h.call('GET', '/v1/usage', { key: owner.api_key })).status,
      (await h.call('GET', '/v1/agents', { key: owner.api_key })).status,
    ];

    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('API keys', () => {
  let h: SwitchboardHarness;
  afterEach(async () => {
    await h?.close();
  });

  it('lets several keys of one project work side by side, and answers a revoked one with 401', async () => {
    h = await aSwitchboard();
    const owner = await h.signedUp('keys@example.com');
    const second = await issueKey(h, owner.project_id);

    const revoked = await h.sut.useCases().admin.revokeKey.execute({ keyId: second.key.id })();

    expect(E.isRight(revoked)).toBe(true);
    expect((await h.call('GET', '/v1/agents', { key: second.clear })).status).toBe(401);
    expect((await h.call('GET', '/v1/agents', { key: owner.api_key })).status).toBe(200);
    expect(await queriesOf(h.uow).apiKeys.ofProject(owner.project_id)).toEqual([
      expect.objectContaining({ revokedAt: null, name: 'sign-up' }),
      expect.objectContaining({ id: second.key.id, revokedAt: expect.any(Date) }),
    ]);
  });

  it('answers 404 for revoking an unknown key', async () => {
    h = await aSwitchboard();

    const revoked = await h.sut.useCases().admin.revokeKey.execute({ keyId: 'key_nope' })();

    expect(revoked).toEqual(E.left({ _tag: 'NotFound', resource: 'api key', id: 'key_nope' }));
  });
});
