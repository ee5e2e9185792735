import { inMemoryIdempotencyKeys, inMemoryOutboundTexts } from './in-memory-outbound-text-repositories.js';
import type { Agent } from '../../domain/agent.js';
import type { E164 } from '../../domain/e164.js';
import type { PhoneNumber } from '../../domain/phone-number.js';
import { revokeKey } from '../../domain/api-key.js';
import { cents } from '../../domain/money.js';
import {
  DuplicateKey,
  type AgentRepository,
  type AgentWithNumbers,
  type ApiKeyRepository,
  type ContactRepository,
  type LedgerRepository,
  type LiveNumber,
  type PhoneNumberRepository,
  type ProjectRepository,
  type Repositories,
} from '../../application/ports/repositories.js';
import { inMemoryCalls, inMemoryTranscripts } from './in-memory-call-repositories.js';
import { inMemoryCampaignAttempts, inMemoryCampaignRecipients, inMemoryCampaigns } from './in-memory-campaign-repositories.js';
import { byCreation, pageOf, type InMemoryTables } from './in-memory-tables.js';
import { inMemorySignUps } from './in-memory-sign-up-repository.js';
import { inMemoryConversations, inMemoryMessages } from './in-memory-messaging-repositories.js';
import { endpointOf, inMemoryDeliveries, inMemoryWebhooks } from './in-memory-webhook-repositories.js';
import { inMemoryCallAnalyses } from './in-memory-call-analysis-repository.js';
import { inMemorySuppressions } from './in-memory-suppression-repository.js';
import { inMemoryAuditTrail } from './in-memory-audit-trail.js';
import { inMemoryKnowledgeBases, inMemoryKnowledgeDocuments } from './in-memory-knowledge-repositories.js';
import { inMemoryAgentTests, inMemoryTestRuns } from './in-memory-agent-test-repositories.js';
import { inMemoryWebCallCredentials } from './in-memory-web-call-credential-repository.js';
import { inMemoryMessagingRegistrations } from './in-memory-messaging-registration-repository.js';

export const inProject = <T extends { projectId: string }>(row: T | undefined, projectId: string): T | null =>
  row && row.projectId === projectId ? row : null;

const projects = (t: InMemoryTables): ProjectRepository => ({
  findById: async (id) => t.projects.get(id) ?? null,
  findByEmail: async (email) => [...t.projects.values()].find((p) => !p.parent && p.email === email.toLowerCase()) ?? null,
  lockById: async (id) => t.projects.get(id) ?? null,
  listChildren: async (parentId, page) =>
    pageOf([...t.projects.values()].filter((p) => p.parent?.id === parentId && p.status !== 'closed').sort(byCreation), page),
  save: async (project) => {
    if (project.parent && !t.projects.has(project.parent.id)) throw new Error(`no parent project ${project.parent.id}`);
    // One project per owner address among top-level projects; sub-accounts carry their parent's.
    const other = !project.parent && [...t.projects.values()].find((p) => !p.parent && p.email === project.email && p.id !== project.id);
    if (other) throw new DuplicateKey('projects_email_unique');
    t.projects.set(project.id, project);
  },
});

const apiKeys = (t: InMemoryTables): ApiKeyRepository => ({
  findByHash: async (hash) => [...t.apiKeys.values()].find((k) => k.hash === hash) ?? null,
  findById: async (id) => t.apiKeys.get(id) ?? null,
  save: async (key) => void t.apiKeys.set(key.id, key),
  revokeAll: async (projectId, at) => {
    for (const key of t.apiKeys.values()) if (key.projectId === projectId) t.apiKeys.set(key.id, revokeKey(key, at));
  },
});

const liveNumbersOf = (t: InMemoryTables, agentIds: readonly string[]): PhoneNumber[] =>
  [...t.numbers.values()].filter((n) => n.agentId !== null && agentIds.includes(n.agentId) && n.status === 'active').sort(byCreation);

export const withNumbers = (t: InMemoryTables, agent: Agent): AgentWithNumbers => ({ agent, numbers: liveNumbersOf(t, [agent.id]) });

const agentsOf = (t: InMemoryTables, projectId: string): Agent[] =>
  [...t.agents.values()].filter((a) => a.projectId === projectId).sort(byCreation);

const agents = (t: InMemoryTables): AgentRepository => ({
  findById: async (projectId, id) => inProject(t.agents.get(id), projectId),
  list: async (projectId, page) => pageOf(agentsOf(t, projectId), page),
  save: async (agent) => void t.agents.set(agent.id, agent),
  delete: async (projectId, id) => {
    if (!inProject(t.agents.get(id), projectId)) return;
    t.agents.delete(id);
    // As the database's foreign key cascades: an agent's tests go with it, its runs' records stay.
    for (const test of [...t.agentTests.values()]) if (test.agentId === id) t.agentTests.delete(test.id);
  },
});

const liveNumber = (t: InMemoryTables, phoneNumber: E164): PhoneNumber | null =>
  [...t.numbers.values()].find((n) => n.phoneNumber === phoneNumber && n.status === 'active') ?? null;

/**
 * The number with what an inbound text needs: its agent's voice mode (null without an agent, or
 * with one of another project) and its event endpoint (as findEndpoints answers for its owner).
 */
const forInbound = (t: InMemoryTables, number: PhoneNumber): LiveNumber => {
  const agent = number.agentId === null ? null : inProject(t.agents.get(number.agentId), number.projectId);
  return {
    number,
    agentVoiceMode: agent?.voiceMode ?? null,
    endpoint: endpointOf(t, { projectId: number.projectId, agentId: number.agentId }),
  };
};

const numbers = (t: InMemoryTables): PhoneNumberRepository => ({
  findById: async (projectId, id) => inProject(t.numbers.get(id), projectId),
  findLiveByPhoneNumber: async (phoneNumber: E164) => liveNumber(t, phoneNumber),
  findLiveForInbound: async (phoneNumbers) => {
    const wanted = new Set<string>(phoneNumbers);
    return [...t.numbers.values()]
      .filter((n) => n.status === 'active' && wanted.has(n.phoneNumber))
      .map((n) => forInbound(t, n));
  },
  listLive: async (projectId, page) =>
    pageOf([...t.numbers.values()].filter((n) => n.projectId === projectId && n.status === 'active').sort(byCreation), page),
  listByAgents: async (agentIds) => liveNumbersOf(t, agentIds),
  countEverProvisioned: async (projectId) => [...t.numbers.values()].filter((n) => n.projectId === projectId).length,
  save: async (number) => {
    const clash = [...t.numbers.values()].find(
      (n) => n.id !== number.id && n.status === 'active' && number.status === 'active' && n.phoneNumber === number.phoneNumber,
    );
    if (clash) throw new DuplicateKey('phone_numbers_live_unique');
    t.numbers.set(number.id, number);
  },
  detachAgent: async (agentId) => {
    for (const n of t.numbers.values()) if (n.agentId === agentId) t.numbers.set(n.id, { ...n, agentId: null });
  },
});

const contactKey = (key: { readonly projectId: string; readonly phoneNumber: E164 }): string =>
  JSON.stringify([key.projectId, key.phoneNumber]);

const contacts = (t: InMemoryTables): ContactRepository => ({
  findById: async (projectId, id) => inProject(t.contacts.get(id), projectId),
  findByPhoneNumber: async (projectId, phoneNumber) =>
    [...t.contacts.values()].find((c) => c.projectId === projectId && c.phoneNumber === phoneNumber) ?? null,
  findByPhoneNumbers: async (keys) => {
    const wanted = new Set(keys.map(contactKey));
    return [...t.contacts.values()].filter((c) => wanted.has(contactKey(c)));
  },
  save: async (contact) => {
    const clash = [...t.contacts.values()].find(
      (c) => c.projectId === contact.projectId && c.phoneNumber === contact.phoneNumber && c.id !== contact.id,
    );
    if (clash) throw new DuplicateKey('contacts_project_phone_unique');
    t.contacts.set(contact.id, contact);
  },
  insertIfNumberFree: async (contact) => {
    if ([...t.contacts.values()].some((c) => c.projectId === contact.projectId && c.phoneNumber === contact.phoneNumber)) return false;
    t.contacts.set(contact.id, contact);
    return true;
  },
  delete: async (projectId, id) => {
    if (inProject(t.contacts.get(id), projectId)) t.contacts.delete(id);
  },
});

const ledger = (t: InMemoryTables): LedgerRepository => ({
  append: async (entry) => void t.ledger.set(entry.id, entry),
  balanceOf: async (projectId) =>
    cents([...t.ledger.values()].filter((e) => e.projectId === projectId).reduce((sum, e) => sum + e.amountCents, 0)),
  paidThrough: async (projectId, resourceId) =>
    [...t.ledger.values()]
      .filter((e) => e.projectId === projectId && e.resourceId === resourceId && e.periodEnd !== null)
      .reduce<Date | null>((latest, e) => (latest === null || e.periodEnd! > latest ? e.periodEnd : latest), null),
  chargesSince: async (projectId, since) =>
    cents(
      Math.abs(
        [...t.ledger.values()]
          .filter((e) => e.projectId === projectId && e.amountCents < 0 && e.createdAt >= since)
          .reduce((sum, e) => sum + e.amountCents, 0),
      ),
    ),
});

export const inMemoryRepositories = (tables: InMemoryTables): Repositories => ({
  projects: projects(tables),
  apiKeys: apiKeys(tables),
  agents: agents(tables),
  numbers: numbers(tables),
  contacts: contacts(tables),
  ledger: ledger(tables),
  signUps: inMemorySignUps(tables),
  webhooks: inMemoryWebhooks(tables),
  deliveries: inMemoryDeliveries(tables),
  conversations: inMemoryConversations(tables),
  messages: inMemoryMessages(tables),
  outboundTexts: inMemoryOutboundTexts(tables),
  idempotencyKeys: inMemoryIdempotencyKeys(tables),
  calls: inMemoryCalls(tables),
  transcripts: inMemoryTranscripts(tables),
  callAnalyses: inMemoryCallAnalyses(tables),
  webCallCredentials: inMemoryWebCallCredentials(tables),
  campaigns: inMemoryCampaigns(tables),
  campaignRecipients: inMemoryCampaignRecipients(tables),
  campaignAttempts: inMemoryCampaignAttempts(tables),
  suppressions: inMemorySuppressions(tables),
  auditTrail: inMemoryAuditTrail(tables),
  messagingRegistrations: inMemoryMessagingRegistrations(tables),
  knowledgeBases: inMemoryKnowledgeBases(tables),
  knowledgeDocuments: inMemoryKnowledgeDocuments(tables),
  agentTests: inMemoryAgentTests(tables),
  testRuns: inMemoryTestRuns(tables),
});
