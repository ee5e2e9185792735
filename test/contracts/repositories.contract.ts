import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { DuplicateKey, type Repositories } from '../../src/application/ports/repositories.js';
import type { Agent } from '../../src/domain/agent.js';
import type { Contact } from '../../src/domain/contact.js';
import { trustE164 } from '../../src/domain/e164.js';
import { cents } from '../../src/domain/money.js';
import type { PhoneNumber } from '../../src/domain/phone-number.js';
import { aContact, aLedgerEntry, aNumber, anAgent, anApiKey, aProject, aWebhook, at, newId, newNumber } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

export type { OpenedStore };

const page = (offset: number, limit: number) => ({ offset, limit });

/**
 * The behaviour every storage adapter shares, asserted through the ports only. `open` is
 * called once per suite; the store may already hold rows of other tests or runs.
 */
export const repositoryContract = (name: string, open: () => Promise<OpenedStore>): void => {
  describe(`${name} repositories`, () => {
    const { store, inTx, queries } = useStore(open);
    const saveAll = <T>(save: (tx: Repositories) => (row: T) => Promise<void>, rows: readonly T[]) =>
      inTx(async (tx) => {
        for (const row of rows) await save(tx)(row);
      });

    describe('unit of work', () => {
      it('answers ping', async () => {
        await expect(store().uow.ping()).resolves.toBeUndefined();
      });

      it('commits on Right and returns the value', async () => {
        const project = aProject({ maxConcurrentCalls: 25 });
        const result = await store().uow.transaction(async (tx) => {
          await tx.projects.save(project);
          return E.right('done');
        });
        expect(result).toEqual(E.right('done'));
        expect(await inTx((tx) => tx.projects.findById(project.id))).toEqual(project);
      });

      it('rolls back on Left and returns it', async () => {
        const project = aProject();
        const entry = aLedgerEntry({ projectId: project.id });
        const result = await store().uow.transaction(async (tx) => {
          await tx.projects.save(project);
          await tx.ledger.append(entry);
          return E.left('nope');
        });
        expect(result).toEqual(E.left('nope'));
        expect(await inTx((tx) => tx.projects.findById(project.id))).toBeNull();
        expect(await inTx((tx) => tx.ledger.balanceOf(project.id))).toBe(0);
      });

      it('rolls back on a throw and rethrows it', async () => {
        const project = aProject();
        const failure = new Error('boom');
        await expect(
          store().uow.transaction(async (tx) => {
            await tx.projects.save(project);
            throw failure;
          }),
        ).rejects.toBe(failure);
        expect(await inTx((tx) => tx.projects.findById(project.id))).toBeNull();
      });

      it('sees its own writes before committing', async () => {
        const project = aProject();
        const seen = await inTx(async (tx) => {
          await tx.projects.save(project);
          return tx.projects.findById(project.id);
        });
        expect(seen).toEqual(project);
      });
    });

    describe('projects', () => {
      it('round-trips every field and finds by id, e-mail and lock', async () => {
        const project = aProject({ status: 'suspended', numberLimit: 25, recordingEnabled: true, updatedAt: at(5) });
        await saveAll((tx) => (p) => tx.projects.save(p), [project]);
        const found = await inTx(async (tx) => ({
          byId: await tx.projects.findById(project.id),
          byEmail: await tx.projects.findByEmail(project.email.toUpperCase()),
          locked: await tx.projects.lockById(project.id),
          missing: await tx.projects.lockById(newId('prj')),
        }));
        expect(found).toEqual({ byId: project, byEmail: project, locked: project, missing: null });
        expect(found.byId?.createdAt).toBeInstanceOf(Date);
      });

      it('round-trips its outbound settings: a cap, a cap turned off, a calling window, a recording disclosure, or none of them', async () => {
        const window = { weekdays: [1, 2, 3, 4, 5] as const, dailyStartMinute: 540, dailyEndMinute: 1200, defaultTimeZone: 'America/Chicago' };
        const projects = [
          aProject({ outbound: { attemptCap: { points: 7, durationSeconds: 604_800 }, callingWindow: { ...window, weekdays: [...window.weekdays] } } }),
          aProject({ outbound: { attemptCap: null } }),
          aProject({ outbound: { callingWindow: null } }),
          aProject({ outbound: { recordingDisclosure: 'This call is recorded.' } }),
          aProject({ outbound: { recordingDisclosure: null, attemptCap: null } }),
        ];
        await saveAll((tx) => (p) => tx.projects.save(p), projects);
        expect(await inTx((tx) => Promise.all(projects.map((p) => tx.projects.findById(p.id))))).toEqual(projects);
      });

      it('overwrites an existing project on save', async () => {
        const project = aProject();
        const changed = { ...project, name: 'Renamed', numberLimit: 50, recordingEnabled: true, updatedAt: at(9) };
        await saveAll((tx) => (p) => tx.projects.save(p), [project, changed]);
        expect(await inTx((tx) => tx.projects.findById(project.id))).toEqual(changed);
      });

      it('refuses a second project with the same e-mail', async () => {
        const first = aProject();
        await saveAll((tx) => (p) => tx.projects.save(p), [first]);
        await expect(inTx((tx) => tx.projects.save(aProject({ email: first.email })))).rejects.toBeInstanceOf(
          DuplicateKey,
        );
      });
    });

    describe('api keys', () => {
      it('round-trips a key with nulls and finds it by id and hash', async () => {
        const key = anApiKey();
        await saveAll((tx) => (k) => tx.apiKeys.save(k), [key]);
        const found = await inTx(async (tx) => [
          await tx.apiKeys.findById(key.id),
          await tx.apiKeys.findByHash(key.hash),
          await tx.apiKeys.findByHash('0'.repeat(64)),
        ]);
        expect(found).toEqual([key, key, null]);
      });

      it('stores the revocation and last use of an existing key', async () => {
        const key = anApiKey();
        const used = { ...key, name: 'CI', revokedAt: at(7), lastUsedAt: at(6) };
        await saveAll((tx) => (k) => tx.apiKeys.save(k), [key, used]);
        expect(await inTx((tx) => tx.apiKeys.findByHash(key.hash))).toEqual(used);
      });

      it("revokes every live key of one project at once, keeping an earlier revocation's time and other projects' keys", async () => {
        const projectId = newId('prj');
        const live = anApiKey({ projectId, createdAt: at(1) });
        const revoked = anApiKey({ projectId, createdAt: at(2), revokedAt: at(3) });
        const other = anApiKey();
        await saveAll((tx) => (k) => tx.apiKeys.save(k), [live, revoked, other]);
        await inTx((tx) => tx.apiKeys.revokeAll(projectId, at(8)));
        expect(await inTx(async (tx) => [await tx.apiKeys.findById(live.id), await tx.apiKeys.findById(revoked.id), await tx.apiKeys.findById(other.id)])).toEqual([
          { ...live, revokedAt: at(8) },
          revoked,
          other,
        ]);
      });
    });

    describe('agents', () => {
      it('round-trips every field, set and null, within its project only', async () => {
        const bare = anAgent();
        const full = anAgent({
          description: 'Front desk',
          voiceMode: 'hosted',
          systemPrompt: 'Be brief.',
          greeting: 'Hello!',
          voice: 'Polly.Joanna',
          transferNumber: newNumber(),
          language: 'fr-CA',
          callBehaviour: {
            voicemailMessage: 'Please call us back.',
            maxSilenceMs: 30_000,
            idleRepromptMs: 5_000,
            idleMessages: ['Hello?', 'Still there?'],
            maxDurationSeconds: 600,
            transferTimeoutSeconds: 20,
          },
          updatedAt: at(3),
        });
        await saveAll((tx) => (a) => tx.agents.save(a), [bare, full]);
        const found = await inTx(async (tx) => [
          await tx.agents.findById(bare.projectId, bare.id),
          await tx.agents.findById(full.projectId, full.id),
          await tx.agents.findById(full.projectId, bare.id),
        ]);
        expect(found).toEqual([bare, full, null]);
      });

      it('overwrites an existing agent on save', async () => {
        const agent = anAgent();
        const changed = { ...agent, name: 'Sales', greeting: 'Hi', updatedAt: at(4) };
        await saveAll((tx) => (a) => tx.agents.save(a), [agent, changed]);
        expect(await inTx((tx) => tx.agents.findById(agent.projectId, agent.id))).toEqual(changed);
      });

      it('lists oldest first, ties by id, with paging and total', async () => {
        const projectId = newId('prj');
        const base = newId('agt');
        const b = anAgent({ id: `${base}b`, projectId, createdAt: at(1) });
        const a = anAgent({ id: `${base}a`, projectId, createdAt: at(1) });
        const c = anAgent({ projectId, createdAt: at(2) });
        const z = anAgent({ projectId, createdAt: at(0) });
        await saveAll((tx) => (x) => tx.agents.save(x), [c, b, a, z, anAgent()]);
        const pages = await inTx(async (tx) => [
          await tx.agents.list(projectId, page(0, 3)),
          await tx.agents.list(projectId, page(3, 3)),
        ]);
        expect(pages).toEqual([
          { items: [z, a, b], total: 4 },
          { items: [c], total: 4 },
        ]);
      });

      it('reads agents with their live numbers, oldest first', async () => {
        const projectId = newId('prj');
        const [a1, a2, a3] = [1, 2, 3].map((s) => anAgent({ projectId, createdAt: at(s) })) as [Agent, Agent, Agent];
        const second = aNumber({ projectId, agentId: a1.id, createdAt: at(2) });
        const first = aNumber({ projectId, agentId: a1.id, createdAt: at(1) });
        const other = aNumber({ projectId, agentId: a2.id, createdAt: at(3) });
        const released = aNumber({ projectId, agentId: a1.id, status: 'released', createdAt: at(0), releasedAt: at(4) });
        await inTx(async (tx) => {
          for (const agent of [a3, a1, a2, anAgent()]) await tx.agents.save(agent);
          for (const number of [second, other, released, first]) await tx.numbers.save(number);
        });
        const pages = async () => ({
          first: await queries().agents.page(projectId, page(0, 2)),
          rest: await queries().agents.page(projectId, page(2, 2)),
          past: await queries().agents.page(projectId, page(5, 2)),
        });
        const expected = {
          first: { items: [{ agent: a1, numbers: [first, second] }, { agent: a2, numbers: [other] }], total: 3, version: expect.any(String) },
          rest: { items: [{ agent: a3, numbers: [] }], total: 3, version: expect.any(String) },
          past: { items: [], total: 3, version: expect.any(String) },
        };
        expect(await pages()).toEqual(expected);
        expect(await pages()).toEqual(expected);
      });

      it("deletes only within the agent's project", async () => {
        const agent = anAgent();
        await saveAll((tx) => (a) => tx.agents.save(a), [agent]);
        await inTx((tx) => tx.agents.delete(newId('prj'), agent.id));
        expect(await inTx((tx) => tx.agents.findById(agent.projectId, agent.id))).toEqual(agent);
        await inTx((tx) => tx.agents.delete(agent.projectId, agent.id));
        expect(await inTx((tx) => tx.agents.findById(agent.projectId, agent.id))).toBeNull();
      });
    });

    describe('phone numbers', () => {
      it('round-trips live and released numbers within their project only', async () => {
        const agent = anAgent();
        const live = aNumber({ projectId: agent.projectId, agentId: agent.id, country: 'CA' });
        const released = aNumber({ projectId: agent.projectId, status: 'released', releasedAt: at(8) });
        await inTx(async (tx) => {
          await tx.agents.save(agent);
          await tx.numbers.save(live);
          await tx.numbers.save(released);
        });
        const found = await inTx(async (tx) => [
          await tx.numbers.findById(agent.projectId, live.id),
          await tx.numbers.findById(agent.projectId, released.id),
          await tx.numbers.findById(newId('prj'), live.id),
        ]);
        expect(found).toEqual([live, released, null]);
      });

      it('overwrites an existing number on save (release)', async () => {
        const number = aNumber();
        const released = { ...number, status: 'released' as const, releasedAt: at(5) };
        await saveAll((tx) => (n) => tx.numbers.save(n), [number, released]);
        expect(await inTx((tx) => tx.numbers.findById(number.projectId, number.id))).toEqual(released);
      });

      it('finds the live owner of a number, ignoring released ones', async () => {
        const phoneNumber = newNumber();
        const old = aNumber({ phoneNumber, status: 'released', releasedAt: at(1) });
        const current = aNumber({ phoneNumber, createdAt: at(2) });
        await saveAll((tx) => (n) => tx.numbers.save(n), [old, current]);
        expect(await inTx((tx) => tx.numbers.findLiveByPhoneNumber(phoneNumber))).toEqual(current);
        const gone = aNumber({ status: 'released', releasedAt: at(1) });
        await saveAll((tx) => (n) => tx.numbers.save(n), [gone]);
        expect(await inTx((tx) => tx.numbers.findLiveByPhoneNumber(gone.phoneNumber))).toBeNull();
      });

      it("finds several live numbers with their agents' voice modes in one read (no webhooks: no endpoints)", async () => {
        const projectId = newId('prj');
        const hosted = anAgent({ projectId, voiceMode: 'hosted', systemPrompt: 'Be brief.' });
        const webhook = anAgent({ projectId, voiceMode: 'webhook' });
        const elsewhere = anAgent({ voiceMode: 'hosted', systemPrompt: 'Be brief.' });
        await saveAll((tx) => (a) => tx.agents.save(a), [hosted, webhook, elsewhere]);
        const withAgent = aNumber({ projectId, agentId: hosted.id });
        const withWebhookAgent = aNumber({ projectId, agentId: webhook.id });
        const withoutAgent = aNumber({ projectId });
        const foreignAgent = aNumber({ projectId, agentId: elsewhere.id });
        const ofAnotherProject = aNumber({ projectId: elsewhere.projectId, agentId: elsewhere.id });
        const released = aNumber({ projectId, agentId: hosted.id, status: 'released', releasedAt: at(1) });
        // The value of the released number, live again in another project.
        const reusedLive = aNumber({ phoneNumber: released.phoneNumber, projectId: elsewhere.projectId, agentId: elsewhere.id });
        const gone = aNumber({ projectId, status: 'released', releasedAt: at(2) });
        await saveAll(
          (tx) => (n) => tx.numbers.save(n),
          [withAgent, withWebhookAgent, withoutAgent, foreignAgent, ofAnotherProject, released, reusedLive, gone],
        );
        const byNumberId = <T extends { number: PhoneNumber }>(rows: readonly T[]): T[] =>
          [...rows].sort((a, b) => (a.number.id < b.number.id ? -1 : a.number.id > b.number.id ? 1 : 0));

        const found = await inTx(async (tx) => ({
          several: byNumberId(
            await tx.numbers.findLiveForInbound([
              withAgent.phoneNumber,
              newNumber(),
              withoutAgent.phoneNumber,
              foreignAgent.phoneNumber,
              gone.phoneNumber,
              ofAnotherProject.phoneNumber,
              withWebhookAgent.phoneNumber,
              released.phoneNumber,
            ]),
          ),
          onlyReleased: await tx.numbers.findLiveForInbound([gone.phoneNumber]),
          none: await tx.numbers.findLiveForInbound([]),
        }));

        expect(found).toEqual({
          several: byNumberId([
            { number: withAgent, agentVoiceMode: 'hosted', endpoint: null },
            { number: withoutAgent, agentVoiceMode: null, endpoint: null },
            { number: foreignAgent, agentVoiceMode: null, endpoint: null },
            { number: ofAnotherProject, agentVoiceMode: 'hosted', endpoint: null },
            { number: withWebhookAgent, agentVoiceMode: 'webhook', endpoint: null },
            { number: reusedLive, agentVoiceMode: 'hosted', endpoint: null },
          ]),
          onlyReleased: [],
          none: [],
        });
      });

      it("finds each live number's endpoint: its agent's webhook, else the project's default, else none", async () => {
        const projectId = newId('prj');
        const own = anAgent({ projectId, voiceMode: 'hosted', systemPrompt: 'Be brief.' });
        const plain = anAgent({ projectId });
        const stranger = anAgent();
        const bare = anAgent();
        await saveAll((tx) => (a) => tx.agents.save(a), [own, plain, stranger, bare]);
        // This project: a default and own's webhook. stranger's project: stranger's webhook and
        // one for plain (an agent of this project), no default. bare's project: no webhook at all.
        const fallback = aWebhook({ projectId });
        const ownHook = aWebhook({ projectId, agentId: own.id, contextLimit: 0, timeoutSeconds: 120 });
        const strangerHook = aWebhook({ projectId: stranger.projectId, agentId: stranger.id });
        const plainElsewhere = aWebhook({ projectId: stranger.projectId, agentId: plain.id, url: 'https://elsewhere.example.com/' });
        await saveAll((tx) => (w) => tx.webhooks.save(w), [ownHook, plainElsewhere, fallback, strangerHook]);

        const numbers = {
          agentsOwn: aNumber({ projectId, agentId: own.id }),
          agentWithoutOwn: aNumber({ projectId, agentId: plain.id }),
          noAgent: aNumber({ projectId }),
          agentOfAnotherProject: aNumber({ projectId, agentId: stranger.id }),
          noWebhookAgent: aNumber({ projectId: bare.projectId, agentId: bare.id }),
          noWebhookNoAgent: aNumber({ projectId: bare.projectId }),
          noWebhookForeignAgent: aNumber({ projectId: bare.projectId, agentId: own.id }),
          noDefaultAgentsOwn: aNumber({ projectId: stranger.projectId, agentId: stranger.id }),
          noDefaultNoAgent: aNumber({ projectId: stranger.projectId }),
        };
        const released = aNumber({ projectId, agentId: own.id, status: 'released', releasedAt: at(1) });
        await saveAll((tx) => (n) => tx.numbers.save(n), [...Object.values(numbers), released]);
        const names = Object.keys(numbers) as (keyof typeof numbers)[];

        const { found, endpoints } = await inTx(async (tx) => ({
          found: await tx.numbers.findLiveForInbound([released.phoneNumber, ...names.map((n) => numbers[n].phoneNumber)]),
          endpoints: await tx.webhooks.findEndpoints(
            names.map((n) => ({ projectId: numbers[n].projectId, agentId: numbers[n].agentId })),
          ),
        }));

        expect(found).toHaveLength(names.length);
        const byName = Object.fromEntries(names.map((n) => [n, found.find((live) => live.number.id === numbers[n].id)]));
        expect(byName).toEqual({
          agentsOwn: { number: numbers.agentsOwn, agentVoiceMode: 'hosted', endpoint: ownHook },
          // plain's webhook belongs to another project.
          agentWithoutOwn: { number: numbers.agentWithoutOwn, agentVoiceMode: 'webhook', endpoint: fallback },
          noAgent: { number: numbers.noAgent, agentVoiceMode: null, endpoint: fallback },
          // stranger's webhook belongs to stranger's project, not the number's.
          agentOfAnotherProject: { number: numbers.agentOfAnotherProject, agentVoiceMode: null, endpoint: fallback },
          noWebhookAgent: { number: numbers.noWebhookAgent, agentVoiceMode: 'webhook', endpoint: null },
          noWebhookNoAgent: { number: numbers.noWebhookNoAgent, agentVoiceMode: null, endpoint: null },
          noWebhookForeignAgent: { number: numbers.noWebhookForeignAgent, agentVoiceMode: null, endpoint: null },
          noDefaultAgentsOwn: { number: numbers.noDefaultAgentsOwn, agentVoiceMode: 'webhook', endpoint: strangerHook },
          noDefaultNoAgent: { number: numbers.noDefaultNoAgent, agentVoiceMode: null, endpoint: null },
        });
        // What findEndpoints answers for each number's project and agent.
        expect(names.map((n) => byName[n]?.endpoint)).toEqual(endpoints);
      });

      it('refuses a second live number with the same value', async () => {
        const live = aNumber();
        await saveAll((tx) => (n) => tx.numbers.save(n), [live]);
        await expect(inTx((tx) => tx.numbers.save(aNumber({ phoneNumber: live.phoneNumber })))).rejects.toBeInstanceOf(
          DuplicateKey,
        );
      });

      it('lists live numbers oldest first with paging and total', async () => {
        const projectId = newId('prj');
        const [n1, n2, n3] = [1, 2, 3].map((s) => aNumber({ projectId, createdAt: at(s) })) as [
          PhoneNumber,
          PhoneNumber,
          PhoneNumber,
        ];
        const released = aNumber({ projectId, createdAt: at(0), status: 'released', releasedAt: at(4) });
        await saveAll((tx) => (n) => tx.numbers.save(n), [n3, released, n1, n2, aNumber()]);
        const pages = await inTx(async (tx) => [
          await tx.numbers.listLive(projectId, page(0, 2)),
          await tx.numbers.listLive(projectId, page(2, 2)),
        ]);
        expect(pages).toEqual([
          { items: [n1, n2], total: 3 },
          { items: [n3], total: 3 },
        ]);
      });

      it("lists the live numbers of given agents and counts every number ever provisioned", async () => {
        const projectId = newId('prj');
        const [a1, a2, a3] = [anAgent({ projectId }), anAgent({ projectId }), anAgent({ projectId })];
        const first = aNumber({ projectId, agentId: a2.id, createdAt: at(1) });
        const second = aNumber({ projectId, agentId: a1.id, createdAt: at(2) });
        const other = aNumber({ projectId, agentId: a3.id, createdAt: at(3) });
        const released = aNumber({ projectId, status: 'released', releasedAt: at(4) });
        await inTx(async (tx) => {
          for (const agent of [a1, a2, a3]) await tx.agents.save(agent);
          for (const number of [second, other, first, released]) await tx.numbers.save(number);
        });
        const read = async (repos: Repositories) => ({
          byAgents: await repos.numbers.listByAgents([a1.id, a2.id]),
          none: await repos.numbers.listByAgents([]),
          count: await repos.numbers.countEverProvisioned(projectId),
          elsewhere: await repos.numbers.countEverProvisioned(newId('prj')),
        });
        const expected = { byAgents: [first, second], none: [], count: 4, elsewhere: 0 };
        expect(await inTx(read)).toEqual(expected);
        expect(await inTx(read)).toEqual(expected);
      });

      it("detaches an agent from its numbers only", async () => {
        const projectId = newId('prj');
        const [agent, keeper] = [anAgent({ projectId }), anAgent({ projectId })];
        const [n1, n2] = [aNumber({ projectId, agentId: agent.id }), aNumber({ projectId, agentId: agent.id })];
        const kept = aNumber({ projectId, agentId: keeper.id });
        await inTx(async (tx) => {
          await tx.agents.save(agent);
          await tx.agents.save(keeper);
          for (const number of [n1, n2, kept]) await tx.numbers.save(number);
          await tx.numbers.detachAgent(agent.id);
        });
        const found = await inTx(async (tx) => [
          await tx.numbers.findById(projectId, n1.id),
          await tx.numbers.findById(projectId, n2.id),
          await tx.numbers.findById(projectId, kept.id),
        ]);
        expect(found).toEqual([{ ...n1, agentId: null }, { ...n2, agentId: null }, kept]);
      });
    });

    describe('contacts', () => {
      it('round-trips every field within its project only', async () => {
        const bare = aContact();
        const full = aContact({
          email: 'ada@example.com',
          notes: 'Prefers SMS',
          consent: { voice: { basis: 'express_written', source: 'web form', capturedAt: at(1), evidence: 'https://example.com/c/1' }, sms: { basis: 'none', source: null, capturedAt: null, evidence: null } },
          updatedAt: at(2),
        });
        await saveAll((tx) => (c) => tx.contacts.save(c), [bare, full]);
        const found = await inTx(async (tx) => [
          await tx.contacts.findById(bare.projectId, bare.id),
          await tx.contacts.findById(full.projectId, full.id),
          await tx.contacts.findById(newId('prj'), full.id),
          await tx.contacts.findByPhoneNumber(full.projectId, full.phoneNumber),
          await tx.contacts.findByPhoneNumber(newId('prj'), full.phoneNumber),
        ]);
        expect(found).toEqual([bare, full, null, full, null]);
      });

      it('finds contacts by several (project, number) pairs in one read, each pair on its own', async () => {
        const [one, two] = [newId('prj'), newId('prj')];
        const [n1, n2] = [newNumber(), newNumber()];
        const oneN1 = aContact({ projectId: one, phoneNumber: n1 });
        const oneN2 = aContact({ projectId: one, phoneNumber: n2 });
        const twoN1 = aContact({ projectId: two, phoneNumber: n1 });
        const twoN2 = aContact({ projectId: two, phoneNumber: n2 });
        const twoOther = aContact({ projectId: two });
        await saveAll((tx) => (c) => tx.contacts.save(c), [oneN1, oneN2, twoN1, twoN2, twoOther]);
        const byId = (rows: readonly Contact[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

        const found = await inTx(async (tx) => ({
          pairs: byId(
            await tx.contacts.findByPhoneNumbers([
              { projectId: two, phoneNumber: n2 },
              { projectId: one, phoneNumber: n1 },
              { projectId: one, phoneNumber: newNumber() },
              { projectId: newId('prj'), phoneNumber: n1 },
              { projectId: one, phoneNumber: twoOther.phoneNumber },
            ]),
          ),
          none: await tx.contacts.findByPhoneNumbers([]),
        }));

        // Not the other pairs the same projects and numbers make (one with n2, two with n1).
        expect(found).toEqual({ pairs: byId([twoN2, oneN1]), none: [] });
      });

      it('overwrites an existing contact on save, number included', async () => {
        const contact = aContact();
        const changed = { ...contact, name: 'Ada King', phoneNumber: newNumber(), notes: 'x', updatedAt: at(3) };
        await saveAll((tx) => (c) => tx.contacts.save(c), [contact, changed]);
        expect(await inTx((tx) => tx.contacts.findById(contact.projectId, contact.id))).toEqual(changed);
      });

      it('throws DuplicateKey for a second contact with the number and rolls back', async () => {
        const projectId = newId('prj');
        const first = aContact({ projectId });
        await saveAll((tx) => (c) => tx.contacts.save(c), [first]);
        const bystander = aContact({ projectId });
        await expect(
          inTx(async (tx) => {
            await tx.contacts.save(bystander);
            await tx.contacts.save(aContact({ projectId, phoneNumber: first.phoneNumber }));
          }),
        ).rejects.toBeInstanceOf(DuplicateKey);
        expect(await inTx((tx) => tx.contacts.findById(projectId, bystander.id))).toBeNull();
        // Another project may hold the same number.
        const elsewhere = aContact({ phoneNumber: first.phoneNumber });
        await saveAll((tx) => (c) => tx.contacts.save(c), [elsewhere]);
        expect(await inTx((tx) => tx.contacts.findById(elsewhere.projectId, elsewhere.id))).toEqual(elsewhere);
      });

      it('inserts a contact unless the project has its number, then writing nothing', async () => {
        const projectId = newId('prj');
        const first = aContact({ projectId, email: 'ada@example.com', notes: 'first' });
        const same = aContact({ projectId, phoneNumber: first.phoneNumber, name: 'Someone else' });
        const elsewhere = aContact({ phoneNumber: first.phoneNumber });
        const insert = async (contact: Contact) => {
          const result = await store().uow.transaction(async (repos) => E.right(await repos.contacts.insertIfNumberFree(contact)));
          return E.isRight(result) && result.right;
        };
        const inserted = [await insert(first), await insert(same), await inTx((tx) => tx.contacts.insertIfNumberFree(elsewhere))];
        expect(inserted).toEqual([true, false, true]);
        const found = await inTx(async (tx) => [
          await tx.contacts.findById(projectId, first.id),
          await tx.contacts.findById(projectId, same.id),
          await tx.contacts.findById(elsewhere.projectId, elsewhere.id),
        ]);
        expect(found).toEqual([first, null, elsewhere]);
      });

      it("deletes only within the contact's project", async () => {
        const contact = aContact();
        await saveAll((tx) => (c) => tx.contacts.save(c), [contact]);
        await inTx((tx) => tx.contacts.delete(newId('prj'), contact.id));
        expect(await inTx((tx) => tx.contacts.findById(contact.projectId, contact.id))).toEqual(contact);
        await inTx((tx) => tx.contacts.delete(contact.projectId, contact.id));
        expect(await inTx((tx) => tx.contacts.findById(contact.projectId, contact.id))).toBeNull();
      });
    });

    describe('ledger', () => {
      it('has a zero balance without entries', async () => {
        expect(await inTx((tx) => tx.ledger.balanceOf(newId('prj')))).toBe(0);
      });

      it('sums credits and charges of the project only', async () => {
        const projectId = newId('prj');
        const entries = [
          aLedgerEntry({ projectId, amountCents: cents(1000), reason: 'signup_credit' }),
          aLedgerEntry({ projectId, amountCents: cents(-300), reason: 'number_first_month', resourceId: newId('num') }),
          aLedgerEntry({ projectId, amountCents: cents(-45), reason: 'adjustment' }),
          aLedgerEntry({ amountCents: cents(99_999), reason: 'signup_credit' }),
        ];
        await saveAll((tx) => (e) => tx.ledger.append(e), entries);
        expect(await inTx((tx) => tx.ledger.balanceOf(projectId))).toBe(655);
      });
    });
  });
};
