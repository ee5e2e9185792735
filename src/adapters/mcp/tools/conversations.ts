import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { CONVERSATION_PAGE, ConversationDetailQuery, UpdateConversationBody } from '../../rest/codecs/conversations.js';
import { checkSendMessage, MessageListQuery, SendMessageBody, toCursor, toSendSmsInput, unsupportedOnSms } from '../../rest/codecs/messages.js';
import { idText } from '../../rest/codecs/text.js';
import { pageEnvelope } from '../../rest/pagination.js';
import { conversationDetailView, conversationView } from '../../rest/views/conversations.js';
import { messageSliceView, numberMessageView, sentMessageView } from '../../rest/views/messages.js';
import { validation } from '../../../application/errors.js';
import { asIs, queryString } from '../arguments.js';
import { originOf, outcome, output, overwrites, projectOf, readOnly, reachesOut, tool, type AnyTool } from '../tool.js';

/** Texts and the threads they form. */
export const conversationTools: readonly AnyTool[] = [
  tool({
    name: 'send_message',
    title: 'Send a text message',
    description:
      "Send an SMS (or MMS with `media_url` or `media_urls`) from one of an agent's numbers to `to_number` (E.164, e.g. +14155551234). " +
      'Name the sender by `agent_id` (its first number sends), or by `number_id` or `from_number` (that number, as its agent).',
    args: asIs(SendMessageBody),
    annotations: reachesOut,
    access: 'project',
    run: async (context, body) => {
      const problem = checkSendMessage(body);
      if (problem) return E.left(validation(problem.field, problem.message));
      const unsupported = unsupportedOnSms(body);
      const unsent = unsupported.length ? ` Sent as SMS without ${unsupported.join(' and ')} (iMessage only).` : '';
      return outcome(context.useCases.messages.sendSms.execute(toSendSmsInput(projectOf(context), body, originOf(context, 'MCP send_message'))), (message) =>
        output(
          `Sent message ${message.id} to ${message.toNumber}.${unsent}${message.registrationWarning ? ` Warning: ${message.registrationWarning}` : ''}`,
          sentMessageView(message, unsupported),
        ),
      );
    },
  }),
  tool({
    name: 'get_messages',
    title: 'Messages of a number',
    description: 'The texts sent and received on one phone number, newest first (`before`/`after`: ISO 8601 date-times).',
    args: queryString(t.intersection([t.type({ number_id: idText }), MessageListQuery])),
    annotations: readOnly,
    access: 'project',
    run: (context, query) =>
      outcome(
        context.useCases.messages.listNumberMessages.execute({ projectId: projectOf(context), numberId: query.number_id, cursor: toCursor(query) }),
        (slice) => output(`${slice.items.length} messages.`, messageSliceView(slice, numberMessageView)),
      ),
  }),
  tool({
    name: 'list_conversations',
    title: 'List conversations',
    description: 'SMS threads (one per agent number and participant), most recent first; `agent_id` keeps one agent’s.',
    args: queryString(t.intersection([t.partial({ agent_id: idText }), CONVERSATION_PAGE])),
    annotations: readOnly,
    access: 'project',
    run: (context, query) => {
      const page = { limit: query.limit, offset: query.offset };
      const input = { projectId: projectOf(context), page, agentId: query.agent_id ?? null };
      return outcome(context.useCases.conversations.listConversations.execute(input), (list) =>
        output(`${list.items.length} of ${list.total} conversations.`, pageEnvelope(list, page, conversationView)),
      );
    },
  }),
  tool({
    name: 'get_conversation',
    title: 'Get a conversation',
    description: 'One SMS thread with its state and its recent messages, newest first (`message_limit`, default 50).',
    args: queryString(t.intersection([t.type({ conversation_id: idText }), ConversationDetailQuery])),
    annotations: readOnly,
    access: 'project',
    run: (context, query) => {
      const input = { projectId: projectOf(context), conversationId: query.conversation_id, messageLimit: query.message_limit };
      return outcome(context.useCases.conversations.getConversation.execute(input), (detail) =>
        output(`Conversation ${detail.conversation.id} with ${detail.conversation.participant}: ${detail.messages.length} recent messages.`, conversationDetailView(detail)),
      );
    },
  }),
  tool({
    name: 'update_conversation',
    title: 'Update a conversation’s state',
    description:
      'Replace the free-form JSON `state` (alias `metadata`) of an SMS thread, e.g. where a booking stands; it is sent with ' +
      'every later webhook of the thread. null clears it.',
    args: asIs(t.intersection([t.type({ conversation_id: idText }), UpdateConversationBody])),
    annotations: overwrites,
    access: 'project',
    run: (context, body) => {
      const input = { projectId: projectOf(context), conversationId: body.conversation_id, state: body.state, messageLimit: 50 };
      return outcome(context.useCases.conversations.updateConversationState.execute(input), (detail) =>
        output(`Updated the state of conversation ${detail.conversation.id}.`, conversationDetailView(detail)),
      );
    },
  }),
];
