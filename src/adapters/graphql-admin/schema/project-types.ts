import { timeOfDay } from '../../../domain/calling-window.js';
import { callLimitOf } from '../../../domain/project.js';
import { failure, run } from '../errors.js';
import { connectionOf, connectionType, type AdminBuilder } from './builder.js';
import type { AdminSchemaDeps } from './deps.js';
import type { AdminEnums } from './enums.js';
import { pageArgs, pageRequest } from './paging.js';

const usd = (amountCents: number): number => Math.round(amountCents) / 100;

/** A project and everything the operator reads through it. */
export const defineProjectTypes = (builder: AdminBuilder, deps: AdminSchemaDeps, enums: AdminEnums) => {
  const { admin, billing, agents, contacts, conversations, webhooks, campaigns, projects } = deps.useCases;
  const { ProjectStatus, LedgerReason, DeliveryStatus, EventType } = enums;
  builder.objectType('AttemptCap', {
    description: 'At most `attempts` outbound calls to one number within `withinSeconds`, across every campaign and API call.',
    fields: (t) => ({ attempts: t.exposeInt('points'), withinSeconds: t.exposeInt('durationSeconds') }),
  });
  builder.objectType('CallingWindow', {
    description: "Hours a call may ring in, in the callee's time zone (`timeZone` when its number does not tell).",
    fields: (t) => ({
      weekdays: t.intList({ resolve: (w) => [...w.weekdays] }),
      dailyStart: t.string({ resolve: (w) => timeOfDay(w.dailyStartMinute) }),
      dailyEnd: t.string({ resolve: (w) => timeOfDay(w.dailyEndMinute) }),
      timeZone: t.exposeString('defaultTimeZone'),
    }),
  });
  builder.objectType('OutboundSettings', {
    description: "A project's attempt cap (its own, or the node's OUTBOUND_ATTEMPT_CAP), default calling window and recording disclosure.",
    fields: (t) => ({
      attemptCap: t.field({ type: 'AttemptCap', nullable: true, resolve: (s) => s.attemptCap }),
      attemptCapSource: t.exposeString('attemptCapSource', { description: '`project` when set on the project, `node` when the node default holds.' }),
      callingWindow: t.field({ type: 'CallingWindow', nullable: true, resolve: (s) => s.callingWindow }),
      recordingDisclosure: t.exposeString('recordingDisclosure', { nullable: true, description: "Said before the greeting of the project's recorded calls; null: none." }),
      recordingDisclosureSource: t.exposeString('recordingDisclosureSource', { description: '`project` when set on the project, `node` when RECORDING_DISCLOSURE holds.' }),
    }),
  });
  builder.objectType('Project', {
    description: "A customer's account: its agents, numbers, traffic and balance.",
    fields: (t) => ({
      id: t.exposeID('id'),
      email: t.exposeString('email'),
      name: t.exposeString('name'),
      status: t.field({ type: ProjectStatus, resolve: (p) => p.status }),
      numberLimit: t.exposeInt('numberLimit', { description: 'Lifetime count of numbers it may provision (released ones count).' }),
      maxConcurrentCalls: t.int({ description: 'Calls it may have in progress at once.', resolve: (p) => callLimitOf(p) }),
      recordingEnabled: t.exposeBoolean('recordingEnabled'),
      outboundSettings: t.field({
        type: 'OutboundSettings',
        description: 'Its attempt cap and the calling window of its API-placed calls, as they hold.',
        resolve: (p) => run(projects.getOutboundSettings.execute({ projectId: p.id })),
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
      usage: t.field({ type: 'Usage', resolve: (p) => run(billing.getUsage.execute({ projectId: p.id })) }),
      balanceCents: t.int({
        description: 'The sum of the ledger, in cents (the same as GET /v1/usage).',
        resolve: async (p) => (await run(billing.getUsage.execute({ projectId: p.id }))).balanceCents,
      }),
      balance: t.float({
        description: 'The balance in USD.',
        resolve: async (p) => usd((await run(billing.getUsage.execute({ projectId: p.id }))).balanceCents),
      }),
      ledger: t.field({
        type: 'LedgerPage',
        description: 'Account entries, newest first.',
        args: pageArgs(t),
        resolve: async (p, args) => {
          const page = pageRequest(args);
          return connectionOf(await run(admin.listLedger.execute({ projectId: p.id, page })), page);
        },
      }),
      apiKeys: t.field({ type: ['ApiKey'], resolve: (p) => run(admin.listApiKeys.execute({ projectId: p.id })) }),
      agents: t.field({
        type: 'AgentPage',
        args: pageArgs(t),
        resolve: async (p, args) => {
          const page = pageRequest(args);
          return connectionOf(await run(agents.listAgents.execute({ projectId: p.id, page })), page);
        },
      }),
      numbers: t.field({
        type: 'PhoneNumberPage',
        description: 'Every number it ever provisioned, released ones included, oldest first.',
        args: pageArgs(t),
        resolve: async (p, args) => {
          const page = pageRequest(args);
          return connectionOf(await run(admin.listProjectNumbers.execute({ projectId: p.id, page })), page);
        },
      }),
      contacts: t.field({
        type: 'ContactPage',
        args: { ...pageArgs(t), search: t.arg.string({ description: 'Contains, on name or number.' }) },
        resolve: async (p, args) => {
          const page = pageRequest(args);
          const found = await run(contacts.listContacts.execute({ projectId: p.id, page, search: args.search?.trim() || null }));
          return connectionOf(found, page);
        },
      }),
      campaigns: t.field({
        type: 'CampaignPage',
        description: 'Campaigns, newest first, each with its progress.',
        args: pageArgs(t),
        resolve: async (p, args) => {
          const page = pageRequest(args);
          return connectionOf(await run(campaigns.listCampaigns.execute({ projectId: p.id, page })), page);
        },
      }),
      conversations: t.field({
        type: 'ConversationPage',
        description: 'Threads, the latest message first.',
        args: { ...pageArgs(t), agentId: t.arg.id() },
        resolve: async (p, args) => {
          const page = pageRequest(args);
          const agentId = args.agentId === null || args.agentId === undefined ? null : String(args.agentId);
          return connectionOf(await run(conversations.listConversations.execute({ projectId: p.id, page, agentId })), page);
        },
      }),
      webhooks: t.field({
        type: ['Webhook'],
        description: 'The account default first, then the per-agent webhooks.',
        resolve: (p) => run(admin.listProjectWebhooks.execute({ projectId: p.id })),
      }),
      deliveries: t.field({
        type: 'DeliveryPage',
        description: 'The delivery log, newest first.',
        args: { ...pageArgs(t), status: t.arg({ type: DeliveryStatus }), eventType: t.arg({ type: EventType }), agentId: t.arg.id() },
        resolve: async (p, args) => {
          const page = pageRequest(args);
          const filter = {
            status: args.status ?? null,
            eventType: args.eventType ?? null,
            agentId: args.agentId === null || args.agentId === undefined ? null : String(args.agentId),
          };
          return connectionOf(await run(admin.listProjectDeliveries.execute({ projectId: p.id, page, filter })), page);
        },
      }),
      deliveryStats: t.field({
        type: 'DeliveryStats',
        description: 'Deliveries created in the last `hours` hours, 1 to 168 (as GET /v1/webhooks/deliveries/stats?hours=N).',
        args: { hours: t.arg.int({ defaultValue: 24 }) },
        resolve: (p, args) => {
          const hours = args.hours ?? 24;
          if (hours < 1 || hours > 168) throw failure('hours must be between 1 and 168', 'VALIDATION_ERROR');
          return run(webhooks.getDeliveryStats.execute({ projectId: p.id, hours }));
        },
      }),
      deliveryTotals: t.field({
        type: 'DeliveryTotals',
        description: 'Every delivery the project ever had.',
        resolve: (p) => run(webhooks.getAllTimeDeliveryStats.execute({ projectId: p.id })),
      }),
    }),
  });
  connectionType(builder, 'ProjectPage', 'Project', 'Projects, oldest first.');

  builder.objectType('Usage', {
    description: 'Balance, numbers and this month’s charges, as GET /v1/usage reports them.',
    fields: (t) => ({
      balanceCents: t.exposeInt('balanceCents'),
      balance: t.float({ resolve: (u) => usd(u.balanceCents) }),
      activeNumbers: t.int({ resolve: (u) => u.numbers.active }),
      provisionedLifetime: t.int({ resolve: (u) => u.numbers.provisionedLifetime }),
      numberLimit: t.int({ resolve: (u) => u.numbers.limit }),
      chargesThisMonthCents: t.exposeInt('chargesThisMonthCents'),
      recordingEnabled: t.exposeBoolean('recordingEnabled'),
    }),
  });

  builder.objectType('LedgerEntry', {
    description: 'A credit (positive) or a charge (negative) on the account.',
    fields: (t) => ({
      id: t.exposeID('id'),
      amountCents: t.exposeInt('amountCents'),
      amount: t.float({ description: 'USD', resolve: (e) => usd(e.amountCents) }),
      reason: t.field({ type: LedgerReason, resolve: (e) => e.reason }),
      note: t.exposeString('note', { nullable: true }),
      resourceId: t.exposeString('resourceId', { nullable: true }),
      periodEnd: t.expose('periodEnd', { type: 'DateTime', nullable: true }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
    }),
  });
  connectionType(builder, 'LedgerPage', 'LedgerEntry', 'Ledger entries, newest first.');

  builder.objectType('AccountChange', {
    fields: (t) => ({
      entry: t.expose('entry', { type: 'LedgerEntry' }),
      balanceCents: t.exposeInt('balanceCents'),
      balance: t.float({ resolve: (c) => usd(c.balanceCents) }),
    }),
  });

  builder.objectType('RecordingChange', {
    fields: (t) => ({
      project: t.expose('project', { type: 'Project' }),
      charge: t.expose('charge', { type: 'LedgerEntry', nullable: true, description: 'The month charged now, if any.' }),
    }),
  });

  builder.objectType('ApiKey', {
    description: 'An API key; only its prefix is known (keys are stored hashed).',
    fields: (t) => ({
      id: t.exposeID('id'),
      projectId: t.exposeID('projectId'),
      prefix: t.exposeString('prefix'),
      name: t.exposeString('name', { nullable: true }),
      active: t.boolean({ resolve: (k) => k.revokedAt === null }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true }),
      lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true }),
    }),
  });

  builder.objectType('IssuedApiKey', {
    fields: (t) => ({
      apiKey: t.expose('key', { type: 'ApiKey' }),
      secret: t.exposeString('clear', { description: 'The key itself: shown this once, never again.' }),
    }),
  });

};
