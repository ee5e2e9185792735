import { run } from '../errors.js';
import { connectionType, MAX_PAGE, type AdminBuilder } from './builder.js';
import type { AdminSchemaDeps } from './deps.js';
import type { AdminEnums } from './enums.js';

/** Conversations and their messages. */
export const defineMessagingTypes = (builder: AdminBuilder, deps: AdminSchemaDeps, enums: AdminEnums) => {
  const { MessageDirection: Direction, MessageStatus } = enums;

  builder.objectType('Conversation', {
    description: 'The SMS thread of one of our numbers with one participant.',
    fields: (t) => ({
      id: t.exposeID('id'),
      projectId: t.exposeID('projectId'),
      agentId: t.exposeID('agentId', { nullable: true }),
      phoneNumberId: t.exposeID('phoneNumberId'),
      phoneNumber: t.exposeString('phoneNumber', { description: 'Ours.' }),
      participant: t.exposeString('participant', { description: 'Theirs.' }),
      channel: t.exposeString('channel'),
      lastMessageAt: t.expose('lastMessageAt', { type: 'DateTime' }),
      lastMessagePreview: t.exposeString('lastMessagePreview'),
      messageCount: t.exposeInt('messageCount'),
      state: t.expose('state', { type: 'JSON', nullable: true }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
      messages: t.field({
        type: 'MessagePage',
        description: 'Newest first; continue with `before` = the receivedAt of the oldest one shown.',
        args: { limit: t.arg.int({ defaultValue: 20 }), before: t.arg({ type: 'DateTime' }) },
        resolve: async (c, args) => {
          const limit = Math.min(Math.max(args.limit ?? 20, 1), MAX_PAGE);
          const slice = await run(
            deps.useCases.conversations.listConversationMessages.execute({
              projectId: c.projectId,
              conversationId: c.id,
              cursor: { limit, before: args.before ?? null, after: null },
            }),
          );
          return { items: slice.items, hasMore: slice.hasMore, total: c.messageCount };
        },
      }),
    }),
  });
  connectionType(builder, 'ConversationPage', 'Conversation', 'Conversations, the latest message first.');

  builder.objectType('Message', {
    fields: (t) => ({
      id: t.exposeID('id'),
      conversationId: t.exposeID('conversationId'),
      direction: t.field({ type: Direction, resolve: (m) => m.direction }),
      status: t.field({ type: MessageStatus, resolve: (m) => m.status }),
      body: t.exposeString('body'),
      fromNumber: t.exposeString('fromNumber'),
      toNumber: t.exposeString('toNumber'),
      mediaUrls: t.stringList({ resolve: (m) => [...m.mediaUrls] }),
      providerMessageId: t.exposeString('providerMessageId', { nullable: true }),
      errorCode: t.exposeString('errorCode', { nullable: true }),
      receivedAt: t.expose('receivedAt', { type: 'DateTime' }),
    }),
  });
  connectionType(builder, 'MessagePage', 'Message', 'Messages, newest first (total: all of the thread).');

  builder.objectType('InboundSms', {
    fields: (t) => ({
      message: t.expose('message', { type: 'Message' }),
      conversation: t.expose('conversation', { type: 'Conversation' }),
      duplicate: t.exposeBoolean('duplicate'),
    }),
  });
};
