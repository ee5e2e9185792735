import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENY_PRIVATE_NETWORKS } from '../../../src/adapters/http/private-network-targets.js';
import { knowledgeBaseRoutes } from '../../../src/adapters/rest/routes/knowledge-bases.js';
import { KNOWLEDGE_LIMITS } from '../../../src/domain/knowledge-base.js';
import { aPdfOf } from '../../support/minimal-pdf.js';
import { aRestApi, type Harness } from './harness.js';

const FAQ_HTML = `<!doctype html><html><head><title>FAQ</title><script>var tracking = 'refund';</script></head>
<body><nav>Home | Shop</nav><h1>Help centre</h1><h2>Returns</h2><p>Items can be returned within <b>30 days</b> for a full refund.</p>
<h2>Delivery</h2><p>Orders ship from our Leeds warehouse every weekday.</p></body></html>`;
const WARRANTY_PDF = aPdfOf(['Warranty', 'Every kettle carries a two year guarantee against faults.']);

const createBase = async (h: Harness, name = 'Help centre'): Promise<string> => {
  const reply = await h.call('POST', '/v1/knowledge-bases', { body: { name } });
  if (reply.status !== 201) throw new Error(`knowledge base creation failed: ${reply.text}`);
  return reply.body.id as string;
};

describe(knowledgeBaseRoutes.name, () => {
  let site: Server;
  let siteUrl: string;
  beforeAll(async () => {
    site = createServer((req, res) => {
      if (req.url === '/faq') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(FAQ_HTML);
      else if (req.url === '/old') res.writeHead(301, { location: '/faq' }).end();
      else if (req.url === '/warranty.pdf') res.writeHead(200, { 'content-type': 'application/pdf' }).end(WARRANTY_PDF);
      else if (req.url === '/logo.png') res.writeHead(200, { 'content-type': 'image/png' }).end('PNG');
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

  it('creates, lists, renames and deletes knowledge bases', async () => {
    const h = await aRestApi();

    const created = await h.call('POST', '/v1/knowledge-bases', { body: { name: '  Policies ', description: 'the fine print' } });
    const renamed = await h.call('PATCH', `/v1/knowledge-bases/${created.body.id}`, { body: { name: 'Rules' } });
    const listed = await h.call('GET', '/v1/knowledge-bases');

    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.stringMatching(/^kb_/), name: 'Policies', description: 'the fine print', createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect(renamed.body).toMatchObject({ name: 'Rules', description: 'the fine print' });
    expect(listed.body).toMatchObject({ data: [{ id: created.body.id, name: 'Rules' }], hasMore: false, total: 1 });
    expect((await h.call('DELETE', `/v1/knowledge-bases/${created.body.id}`)).status).toBe(204);
    expect((await h.call('GET', `/v1/knowledge-bases/${created.body.id}`)).body.error).toMatchObject({ code: 'NOT_FOUND', message: `Knowledge base ${created.body.id} not found` });
    expect((await h.call('POST', '/v1/knowledge-bases', { body: { name: '   ' } })).status).toBe(422);
  });

  it('indexes Markdown, HTML and a fetched page, and finds their passages with a misspelt word too', async () => {
    const h = await aRestApi();
    const kb = await createBase(h);

    const markdown = await h.call('POST', `/v1/knowledge-bases/${kb}/documents`, {
      body: { format: 'markdown', content: '# Opening hours\n\nWe open at nine and close at six, Monday to Saturday.' },
    });
    const html = await h.call('POST', `/v1/knowledge-bases/${kb}/documents`, { body: { format: 'html', title: 'FAQ page', content: FAQ_HTML } });
    const page = await h.call('POST', `/v1/knowledge-bases/${kb}/documents`, { body: { format: 'url', url: `${siteUrl}/old` } });

    expect(markdown.status).toBe(201);
    expect(markdown.body).toMatchObject({ title: 'Opening hours', format: 'markdown', chunkCount: 1 });
    expect(html.body).toMatchObject({ title: 'FAQ page', format: 'html', chunkCount: 2 });
    expect(html.body.content).toBe('# Help centre\n\n## Returns\n\nItems can be returned within 30 days for a full refund.\n\n## Delivery\n\nOrders ship from our Leeds warehouse every weekday.');
    expect(page.status).toBe(201);
    expect(page.body).toMatchObject({ title: 'Help centre', format: 'url', sourceUrl: `${siteUrl}/old` });

    const found = await h.call('GET', `/v1/knowledge-bases/${kb}/search?q=${encodeURIComponent('can I get a refund')}&limit=3`);
    expect(found.status).toBe(200);
    expect(found.body.query).toBe('can I get a refund');
    expect(found.body.data[0]).toMatchObject({ heading: 'Help centre › Returns', content: expect.stringContaining('full refund') });
    expect(found.body.data.map((p: { content: string }) => p.content).join(' ')).not.toContain('tracking');
    const misspelt = await h.call('GET', `/v1/knowledge-bases/${kb}/search?q=warehose`);
    expect(misspelt.body.data[0]).toMatchObject({ heading: 'Help centre › Delivery' });
  });

  it('reads the text of a PDF sent in base64 or fetched from a URL', async () => {
    const h = await aRestApi();
    const kb = await createBase(h);

    const sent = await h.call('POST', `/v1/knowledge-bases/${kb}/documents`, { body: { format: 'pdf', content: Buffer.from(WARRANTY_PDF).toString('base64') } });
    const fetched = await h.call('POST', `/v1/knowledge-bases/${kb}/documents`, { body: { format: 'url', url: `${siteUrl}/warranty.pdf` } });

    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ format: 'pdf', title: 'Warranty Every kettle carries a two year guarantee', content: 'Warranty\nEvery kettle carries a two year guarantee against faults.', chunkCount: 1 });
    expect(fetched.body).toMatchObject({ format: 'url', sourceUrl: `${siteUrl}/warranty.pdf`, content: sent.body.content });
    const found = await h.call('GET', `/v1/knowledge-bases/${kb}/search?q=guarantee`);
    expect(found.body.data.map((p: { documentId: string }) => p.documentId).sort()).toEqual([sent.body.id, fetched.body.id].sort());
  });

  it('re-indexes a changed document and forgets a deleted one', async () => {
    const h = await aRestApi();
    const kb = await createBase(h);
    const added = await h.call('POST', `/v1/knowledge-bases/${kb}/documents`, { body: { format: 'text', content: 'Parking is free for customers.' } });
    const path = `/v1/knowledge-bases/${kb}/documents/${added.body.id}`;

    const changed = await h.call('PATCH', path, { body: { format: 'text', content: 'Bicycles may be left in the courtyard.' } });
    const retitled = await h.call('PATCH', path, { body: { title: 'Getting here' } });

    expect(changed.body).toMatchObject({ content: 'Bicycles may be left in the courtyard.', chunkCount: 1 });
    expect(retitled.body).toMatchObject({ title: 'Getting here', content: 'Bicycles may be left in the courtyard.' });
    expect((await h.call('GET', `/v1/knowledge-bases/${kb}/search?q=parking`)).body.data).toEqual([]);
    expect((await h.call('GET', `/v1/knowledge-bases/${kb}/search?q=bicycles`)).body.data).toMatchObject([{ documentTitle: 'Getting here' }]);
    expect((await h.call('DELETE', path)).status).toBe(204);
    expect((await h.call('GET', `/v1/knowledge-bases/${kb}/search?q=bicycles`)).body.data).toEqual([]);
    expect((await h.call('GET', `/v1/knowledge-bases/${kb}/documents`)).body).toMatchObject({ data: [], total: 0 });
  });

  it('refuses what it cannot index with 413 or 422 naming the field, storing nothing', async () => {
    const h = await aRestApi();
    const kb = await createBase(h);
    const add = (body: unknown) => h.call('POST', `/v1/knowledge-bases/${kb}/documents`, { body });

    const notBase64 = await add({ format: 'pdf', content: '%PDF-1.7' });
    const notPdf = await add({ format: 'pdf', content: Buffer.from('just some words').toString('base64') });
    const word = await add({ format: 'docx', content: 'UEsDBA==' });
    const noContent = await add({ format: 'markdown' });
    const large = await add({ format: 'text', content: 'word '.repeat(KNOWLEDGE_LIMITS.documentChars / 5 + 1) });
    const image = await add({ format: 'url', url: `${siteUrl}/logo.png` });
    const missing = await add({ format: 'url', url: `${siteUrl}/gone` });
    const ftp = await add({ format: 'url', url: 'ftp://example.com/faq' });

    expect(notBase64.status).toBe(422);
    expect(notBase64.body.error.details).toEqual([expect.objectContaining({ field: 'content', message: 'must be the PDF file in base64' })]);
    expect(notPdf.body.error.details).toEqual([expect.objectContaining({ field: 'content', message: 'is not a PDF that can be read' })]);
    expect(word.body.error.details).toEqual([expect.objectContaining({ field: 'format', message: expect.stringContaining('text, markdown, html, pdf, url') })]);
    expect(noContent.body.error.details).toEqual([expect.objectContaining({ field: 'content', type: 'missing' })]);
    expect(large.status).toBe(413);
    expect(large.body.error).toMatchObject({ code: 'CONTENT_TOO_LARGE', type: 'validation_error' });
    expect(image.body.error.details).toEqual([expect.objectContaining({ field: 'url', message: expect.stringContaining('image/png') })]);
    expect(missing.body.error.details).toEqual([expect.objectContaining({ field: 'url', message: 'could not be fetched: HTTP 404' })]);
    expect(ftp.status).toBe(422);
    expect((await h.call('GET', `/v1/knowledge-bases/${kb}/documents`)).body.total).toBe(0);
    expect((await h.call('GET', `/v1/knowledge-bases/${kb}/search?q=`)).status).toBe(200);
    expect((await h.call('GET', `/v1/knowledge-bases/${kb}/search?q=x&limit=99`)).status).toBe(422);
    expect((await h.call('POST', '/v1/knowledge-bases/kb_missing/documents', { body: { format: 'text', content: 'x' } })).status).toBe(404);
  });

  it('refuses a URL on a private network where such targets are denied', async () => {
    const h = await aRestApi({ privateNetworkTargets: DENY_PRIVATE_NETWORKS });
    const kb = await createBase(h);

    const reply = await h.call('POST', `/v1/knowledge-bases/${kb}/documents`, { body: { format: 'url', url: `${siteUrl}/faq` } });

    expect(reply.status).toBe(422);
    expect(reply.body.error.details).toEqual([expect.objectContaining({ field: 'url', message: expect.stringContaining('is not allowed') })]);
  });

  it('refuses a knowledge base past the limit per project', async () => {
    const h = await aRestApi();
    for (let i = 0; i < KNOWLEDGE_LIMITS.knowledgeBasesPerProject; i++) await createBase(h, `Base ${i}`);

    const reply = await h.call('POST', '/v1/knowledge-bases', { body: { name: 'One too many' } });

    expect(reply.status).toBe(422);
    expect(reply.body.error.details).toEqual([expect.objectContaining({ field: 'knowledgeBases', type: 'limit_exceeded' })]);
  });
});

describe('an agent with knowledge bases', () => {
  it('keeps the knowledge bases it names and refuses one the project does not have, naming the field', async () => {
    const h = await aRestApi();
    const kb = await createBase(h);
    const stranger = await h.signUp('stranger@example.com');
    const theirs = (await h.call('POST', '/v1/knowledge-bases', { body: { name: 'Theirs' }, key: stranger.key })).body.id as string;

    const created = await h.call('POST', '/v1/agents', { body: { name: 'Support', knowledgeBaseIds: [kb] } });
    const refused = await h.call('PATCH', `/v1/agents/${created.body.id}`, { body: { knowledgeBaseIds: [kb, theirs] } });
    const twice = await h.call('PATCH', `/v1/agents/${created.body.id}`, { body: { knowledgeBaseIds: [kb, kb] } });
    const cleared = await h.call('PATCH', `/v1/agents/${created.body.id}`, { body: { knowledgeBaseIds: [] } });

    expect(created.status).toBe(200);
    expect(created.body.knowledgeBaseIds).toEqual([kb]);
    expect(refused.status).toBe(422);
    expect(refused.body.error.details).toEqual([expect.objectContaining({ field: 'knowledgeBaseIds.1' })]);
    expect(twice.body.error.details).toEqual([expect.objectContaining({ field: 'knowledgeBaseIds' })]);
    expect(cleared.body.knowledgeBaseIds).toEqual([]);
  });
});
