import { conversationOf, unsupportedSettings } from '../../../domain/conversation-settings.js';
import { connectionType, type AdminBuilder } from './builder.js';
import type { AdminSchemaDeps } from './deps.js';
import type { AdminEnums } from './enums.js';

/** Agents, numbers, contacts and webhooks: what a project has configured. */
export const defineResourceTypes = (builder: AdminBuilder, deps: AdminSchemaDeps, { VoiceMode, NumberStatus }: AdminEnums) => {

  builder.objectType('Agent', {
    fields: (t) => ({
      id: t.id({ resolve: ({ agent }) => agent.id }),
      name: t.string({ resolve: ({ agent }) => agent.name }),
      description: t.string({ nullable: true, resolve: ({ agent }) => agent.description }),
      voiceMode: t.field({ type: VoiceMode, resolve: ({ agent }) => agent.voiceMode }),
      systemPrompt: t.string({ nullable: true, resolve: ({ agent }) => agent.systemPrompt }),
      greeting: t.string({ nullable: true, resolve: ({ agent }) => agent.greeting }),
      voice: t.string({ resolve: ({ agent }) => agent.voice }),
      language: t.string({ resolve: ({ agent }) => agent.language }),
      transferNumber: t.string({ nullable: true, resolve: ({ agent }) => agent.transferNumber }),
      customTools: t.field({ type: 'JSON', description: 'The HTTP tools the model may call in hosted mode.', resolve: ({ agent }) => agent.customTools }),
      analysis: t.boolean({ description: 'Post-call analysis of its calls.', resolve: ({ agent }) => agent.analysis }),
      analysisSchema: t.field({ type: 'JSON', nullable: true, resolve: ({ agent }) => agent.analysisSchema }),
      successCriteria: t.string({ nullable: true, resolve: ({ agent }) => agent.successCriteria }),
      conversation: t.field({
        type: 'JSON',
        description: 'Turn-taking, transcription, voice and language settings, defaults filled in; `unsupported` names those the carrier cannot honour.',
        resolve: ({ agent }) => {
          const settings = conversationOf(agent);
          return { ...settings, unsupported: unsupportedSettings(settings, deps.useCases.agents.conversationSupport) };
        },
      }),
      numbers: t.field({ type: ['PhoneNumber'], description: 'Its live numbers.', resolve: ({ numbers }) => numbers }),
      createdAt: t.field({ type: 'DateTime', resolve: ({ agent }) => agent.createdAt }),
      updatedAt: t.field({ type: 'DateTime', resolve: ({ agent }) => agent.updatedAt }),
    }),
  });
  connectionType(builder, 'AgentPage', 'Agent', 'Agents, oldest first.');

  builder.objectType('PhoneNumber', {
    fields: (t) => ({
      id: t.exposeID('id'),
      phoneNumber: t.exposeString('phoneNumber'),
      country: t.exposeString('country'),
      status: t.field({ type: NumberStatus, resolve: (n) => n.status }),
      agentId: t.exposeID('agentId', { nullable: true }),
      providerId: t.exposeString('providerId', { description: "The carrier's id (Twilio's PN… sid)." }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      releasedAt: t.expose('releasedAt', { type: 'DateTime', nullable: true }),
    }),
  });
  connectionType(builder, 'PhoneNumberPage', 'PhoneNumber', 'Numbers, oldest first.');

  builder.objectType('Contact', {
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name'),
      phoneNumber: t.exposeString('phoneNumber'),
      email: t.exposeString('email', { nullable: true }),
      notes: t.exposeString('notes', { nullable: true }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    }),
  });
  connectionType(builder, 'ContactPage', 'Contact', 'Contacts, newest first.');

  builder.objectType('Webhook', {
    description: 'Where events go: the account default (agentId null) or one agent’s. The secret is not shown.',
    fields: (t) => ({
      id: t.exposeID('id'),
      agentId: t.exposeID('agentId', { nullable: true }),
      url: t.exposeString('url'),
      contextLimit: t.exposeInt('contextLimit'),
      timeoutSeconds: t.exposeInt('timeoutSeconds'),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    }),
  });
};
