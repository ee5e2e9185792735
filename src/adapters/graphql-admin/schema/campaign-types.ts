import { run } from '../errors.js';
import { timeOfDay } from '../../../domain/calling-window.js';
import { NO_CALL_OVERRIDES } from '../../../domain/campaign.js';
import { connectionType, type AdminBuilder } from './builder.js';
import type { AdminSchemaDeps } from './deps.js';

/** A project's campaigns and their progress (counts of recipients per state). */
export const defineCampaignTypes = (builder: AdminBuilder, deps: AdminSchemaDeps) => {
  const { campaigns } = deps.useCases;
  builder.objectType('RecipientCounts', {
    description: 'Recipients of a campaign in each state.',
    fields: (t) => ({
      pending: t.exposeInt('pending'),
      inProgress: t.exposeInt('in_progress'),
      retryScheduled: t.exposeInt('retry_scheduled'),
      completed: t.exposeInt('completed'),
      failed: t.exposeInt('failed'),
      skipped: t.exposeInt('skipped'),
      total: t.int({ resolve: (c) => Object.values(c).reduce((a, b) => a + b, 0) }),
    }),
  });
  builder.objectType('Campaign', {
    description: 'A list of people for one agent to call, within calling hours, at a pace, with retries.',
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name'),
      agentId: t.exposeID('agentId'),
      status: t.exposeString('status'),
      pausedReason: t.exposeString('pausedReason', { nullable: true }),
      dailyWindow: t.string({ resolve: (c) => `${timeOfDay(c.schedule.dailyStartMinute)}–${timeOfDay(c.schedule.dailyEndMinute)}` }),
      maxConcurrentCalls: t.int({ resolve: (c) => c.pacing.maxConcurrentCalls }),
      callsPerMinute: t.int({ resolve: (c) => c.pacing.callsPerMinute }),
      callOverrides: t.field({
        type: 'JSON',
        description: "Each call's own language, voice and turn-taking over the agent's (null and absent fields: the agent's).",
        resolve: (c) => c.callOverrides ?? NO_CALL_OVERRIDES,
      }),
      counts: t.field({
        type: 'RecipientCounts',
        resolve: async (c) => (await run(campaigns.getCampaign.execute({ projectId: c.projectId, campaignId: c.id }))).counts,
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      startedAt: t.expose('startedAt', { type: 'DateTime', nullable: true }),
      endedAt: t.expose('endedAt', { type: 'DateTime', nullable: true }),
    }),
  });
  connectionType(builder, 'CampaignPage', 'Campaign', 'Campaigns, newest first.');
};
