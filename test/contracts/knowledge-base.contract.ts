import { describe, expect, it } from 'vitest';
import type { KnowledgeBase, KnowledgeDocument } from '../../src/domain/knowledge-base.js';
import { passagesOf } from '../../src/domain/knowledge-chunks.js';
import { anAgent, at, newId } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const BOUNDS = { maxChars: 400, overlapChars: 60 };

const aKnowledgeBase = (overrides: Partial<KnowledgeBase> = {}): KnowledgeBase => ({
  id: newId('kb'),
  projectId: newId('proj'),
  name: 'Help centre',
  description: null,
  createdAt: at(0),
  updatedAt: at(0),
  ...overrides,
});

const aDocument = (kb: KnowledgeBase, content: string, overrides: Partial<KnowledgeDocument> = {}): KnowledgeDocument => ({
  id: newId('kdoc'),
  projectId: kb.projectId,
  knowledgeBaseId: kb.id,
  title: 'FAQ',
  format: 'markdown',
  sourceUrl: null,
  content,
  chunkCount: 0,
  createdAt: at(1),
  updatedAt: at(1),
  ...overrides,
});

const REFUNDS = '# Refunds\n\nRefunds are paid back to the original card within five working days of the return.';
const SHIPPING = '# Shipping\n\nParcels leave the warehouse every weekday and arrive within three days.';
const OPENING = '# Opening hours\n\nThe shop opens at nine in the morning and closes at six, Monday to Saturday.';

/** Knowledge bases, their documents and the search over their passages, on every storage adapter. */
export const knowledgeBaseContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} knowledge bases`, () => {
    const { inTx, queries } = useStore(open);

    const stored = async (kb: KnowledgeBase, ...contents: string[]): Promise<KnowledgeDocument[]> =>
      inTx(async (tx) => {
        await tx.knowledgeBases.save(kb);
        const documents: KnowledgeDocument[] = [];
        for (const [i, content] of contents.entries()) {
          const draft = aDocument(kb, content, { createdAt: at(i + 1), title: `Doc ${i}` });
          const chunks = passagesOf(draft, content, BOUNDS);
          const document = { ...draft, chunkCount: chunks.length };
          await tx.knowledgeDocuments.save(document, chunks);
          documents.push(document);
        }
        return documents;
      });

    const search = (kb: KnowledgeBase, text: string, limit = 5) =>
      queries().knowledge.search({ projectId: kb.projectId, knowledgeBaseIds: [kb.id], text, limit });

    it('keeps a knowledge base, lists and counts them per project oldest first, and updates one', async () => {
      const first = aKnowledgeBase();
      const second = aKnowledgeBase({ projectId: first.projectId, name: 'Policies', description: 'the fine print', createdAt: at(2), updatedAt: at(2) });
      await inTx(async (tx) => {
        await tx.knowledgeBases.save(second);
        await tx.knowledgeBases.save(first);
        await tx.knowledgeBases.save(aKnowledgeBase());
      });
      await inTx((tx) => tx.knowledgeBases.save({ ...first, name: 'Help', updatedAt: at(9) }));

      expect(await inTx((r) => r.knowledgeBases.list(first.projectId, { limit: 10, offset: 0 }))).toEqual({
        items: [{ ...first, name: 'Help', updatedAt: at(9) }, second],
        total: 2,
      });
      expect(await inTx((r) => r.knowledgeBases.list(first.projectId, { limit: 10, offset: 5 }))).toEqual({ items: [], total: 2 });
      expect(await inTx((r) => r.knowledgeBases.count(first.projectId))).toBe(2);
      expect(await inTx((r) => r.knowledgeBases.findById(newId('proj'), first.id))).toBeNull();
      const many = await inTx((r) => r.knowledgeBases.findMany(first.projectId, [second.id, first.id, newId('kb')]));
      expect(many.map((kb) => kb.id).sort()).toEqual([first.id, second.id].sort());
    });

    it('stores documents with their passages and pages them oldest first', async () => {
      const kb = aKnowledgeBase();
      const [refunds, shipping] = await stored(kb, REFUNDS, SHIPPING);

      expect(await inTx((r) => r.knowledgeDocuments.findById(kb.projectId, kb.id, refunds!.id))).toEqual(refunds);
      expect(await inTx((r) => r.knowledgeDocuments.findById(kb.projectId, newId('kb'), refunds!.id))).toBeNull();
      expect(await inTx((r) => r.knowledgeDocuments.list(kb.projectId, kb.id, { limit: 1, offset: 1 }))).toEqual({ items: [shipping], total: 2 });
      expect(await inTx((r) => r.knowledgeDocuments.count(kb.projectId, kb.id))).toBe(2);
    });

    it('finds passages by their words, stems included, best first, with the heading and the document title', async () => {
      const kb = aKnowledgeBase();
      const [refunds] = await stored(kb, REFUNDS, SHIPPING, OPENING);

      const found = await search(kb, 'how are refunds paid back');

      expect(found[0]).toMatchObject({ knowledgeBaseId: kb.id, documentId: refunds!.id, documentTitle: 'Doc 0', position: 0, heading: 'Refunds' });
      expect(found[0]!.content).toContain('original card');
      expect(found.map((p) => p.score)).toEqual([...found.map((p) => p.score)].sort((a, b) => b - a));
      expect((await search(kb, 'refund'))[0]?.documentId).toBe(refunds!.id);
      expect((await search(kb, 'when does the shop open'))[0]?.heading).toBe('Opening hours');
    });

    it('finds a passage though a word is spelt a little wrong', async () => {
      const kb = aKnowledgeBase();
      const [, shipping] = await stored(kb, REFUNDS, SHIPPING);

      expect((await search(kb, 'warehuose'))[0]?.documentId).toBe(shipping!.id);
    });

    it('answers nothing for words no passage has, leaves out excluded words, and searches only the named bases of the project', async () => {
      const kb = aKnowledgeBase();
      const other = aKnowledgeBase();
      await stored(kb, REFUNDS, SHIPPING);
      await stored(other, REFUNDS);

      expect(await search(kb, 'zebra xylophone')).toEqual([]);
      expect((await search(kb, 'days -parcels')).map((p) => p.heading)).toEqual(['Refunds']);
      const foreign = await queries().knowledge.search({ projectId: kb.projectId, knowledgeBaseIds: [other.id], text: 'refunds', limit: 5 });
      expect(foreign).toEqual([]);
      expect(await search(kb, 'days', 1)).toHaveLength(1);
    });

    it('re-indexes a document given new text, and forgets a deleted one and a deleted base', async () => {
      const kb = aKnowledgeBase();
      const [refunds, shipping] = await stored(kb, REFUNDS, SHIPPING);
      const changed = { ...refunds!, content: OPENING, updatedAt: at(5) };
      await inTx((tx) => tx.knowledgeDocuments.save(changed, passagesOf(changed, OPENING, BOUNDS)));

      expect(await search(kb, 'original card')).toEqual([]);
      expect((await search(kb, 'morning'))[0]?.documentId).toBe(refunds!.id);

      await inTx((tx) => tx.knowledgeDocuments.delete(kb.projectId, kb.id, shipping!.id));
      expect(await search(kb, 'warehouse')).toEqual([]);
      expect(await inTx((r) => r.knowledgeDocuments.findById(kb.projectId, kb.id, shipping!.id))).toBeNull();

      await inTx((tx) => tx.knowledgeBases.delete(kb.projectId, kb.id));
      expect(await search(kb, 'morning')).toEqual([]);
      expect(await inTx((r) => r.knowledgeDocuments.count(kb.projectId, kb.id))).toBe(0);
    });

    it("keeps the knowledge bases an agent names, in their order, and none for an agent without", async () => {
      const named = anAgent({ knowledgeBaseIds: [newId('kb'), newId('kb')] });
      const none = anAgent({ projectId: named.projectId, createdAt: new Date(named.createdAt.getTime() + 1000) });
      await inTx(async (tx) => {
        await tx.agents.save(named);
        await tx.agents.save(none);
      });

      expect((await inTx((r) => r.agents.findById(named.projectId, named.id)))?.knowledgeBaseIds).toEqual(named.knowledgeBaseIds);
      expect((await inTx((r) => r.agents.findById(none.projectId, none.id)))?.knowledgeBaseIds ?? []).toEqual([]);
      const page = await queries().agents.page(named.projectId, { limit: 10, offset: 0 });
      expect(page.items.map(({ agent }) => agent.knowledgeBaseIds ?? [])).toEqual([named.knowledgeBaseIds, []]);
    });

    it('keeps an agent that searches before each answer, and reads one in tool mode back without the setting', async () => {
      const before = anAgent({ knowledgeBaseIds: [newId('kb')], knowledgeRetrieval: 'before_each_answer' });
      const tool = anAgent({ projectId: before.projectId, knowledgeBaseIds: [newId('kb')], createdAt: new Date(before.createdAt.getTime() + 1000) });
      await inTx(async (tx) => {
        await tx.agents.save(before);
        await tx.agents.save(tool);
      });

      expect((await inTx((r) => r.agents.findById(before.projectId, before.id)))?.knowledgeRetrieval).toBe('before_each_answer');
      expect((await inTx((r) => r.agents.findById(tool.projectId, tool.id)))?.knowledgeRetrieval).toBeUndefined();
      const page = await queries().agents.page(before.projectId, { limit: 10, offset: 0 });
      expect(page.items.map(({ agent }) => agent.knowledgeRetrieval ?? 'tool')).toEqual(['before_each_answer', 'tool']);
    });

    it('rolls a document back with its unit of work', async () => {
      const kb = aKnowledgeBase();
      await stored(kb);
      const draft = aDocument(kb, SHIPPING);
      await expect(
        inTx(async (tx) => {
          await tx.knowledgeDocuments.save(draft, passagesOf(draft, SHIPPING, BOUNDS));
          throw new Error('abandoned');
        }),
      ).rejects.toThrow('abandoned');
      expect(await search(kb, 'warehouse')).toEqual([]);
    });
  });
};
