import { readFile } from 'node:fs/promises';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAdminConsole, type AdminHarness } from './admin-harness.js';

/** `n` levels of selections inside a project list's items (names the schema need not know: depth is judged first). */
const nested = (n: number) => `{ projects(email: "") { items { ${'a { '.repeat(n)}id${' }'.repeat(n)} } } }`;

const aliased = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `p${i}: projects(email: "") { total }`).join(' ')} }`;

/** The operations of docs/admin-console.md, each as an operator pastes it into GraphiQL. */
const documentedOperations = async (): Promise<string[]> => {
  const text = await readFile(new URL('../../../docs/admin-console.md', import.meta.url), 'utf8');
  const blocks = [...text.matchAll(/```graphql\n([\s\S]*?)```/g)].map((match) => match[1]!);
  return blocks.flatMap((block) => block.split(/\n(?=query |mutation |subscription )/).filter((part) => /^(query|mutation|subscription) /m.test(part)));
};

describe('the limits on one admin operation', () => {
  let h: AdminHarness;
  beforeAll(async () => {
    h = await anAdminConsole();
  });
  afterAll(async () => {
    await h?.stop();
  });

  const expectRefused = async (query: string, says: RegExp) => {
    const reply = await h.gql(query);
    expect(reply.status).toBeLessThan(500);
    expect(reply.body.data ?? null).toBeNull();
    expect(reply.body.errors.map((e: { message: string }) => e.message).join(' | ')).toMatch(says);
  };

  it('refuses 20,000 aliases as a GraphQL error', async () => {
    await expectRefused(aliased(20_000), /Token limit of 1000 exceeded/);
  });

  it('refuses more than 15 aliases in a small document', async () => {
    await expectRefused(aliased(16), /Aliases limit of 15 exceeded, found 16/);
    expect((await h.gql(aliased(15))).body.errors).toBeUndefined();
  });

  it('refuses selections more than 10 deep', async () => {
    await expectRefused(nested(9), /Query depth limit of 10 exceeded/);
  });

  it('refuses a costly operation within the depth, alias and token limits', async () => {
    const messages = 'conversations { items { messages { items { id conversationId direction status body fromNumber toNumber } } } }';
    const costly = `{ ${Array.from({ length: 12 }, (_, i) => `p${i}: projects(email: "") { items { ${messages} } }`).join(' ')} }`;

    await expectRefused(costly, /Query Cost limit of 1000 exceeded/);
  });

  it("runs the console's own operations and GraphiQL's introspection", async () => {
    await h.anAgentOnTheLine();
    const projectId = (await h.data('{ projects(email: "") { items { id } } }')).projects.items[0].id as string;
    const operations = await documentedOperations();
    const introspection = getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true, directiveIsRepeatable: true, specifiedByUrl: true });

    const replies = await Promise.all(
      [...operations.filter((op) => !op.startsWith('subscription')), introspection].map((query) => h.gql(query, { projectId, id: 'call_unknown' })),
    );

    expect(operations.length).toBeGreaterThanOrEqual(3);
    for (const reply of replies) {
      const limits = (reply.body.errors ?? []).filter((e: { message: string }) => /limit of \d+ exceeded/.test(e.message));
      expect(limits).toEqual([]);
    }
    expect(replies.at(-1)!.body.data.__schema.types.length).toBeGreaterThan(10);
  });
});
