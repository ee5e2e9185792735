import { Hono, type Context } from 'hono';
import * as E from 'fp-ts/lib/Either.js';
import type { UseCases } from '../../../application/use-cases/index.js';
import { toCursor } from '../codecs/messages.js';
import { decodeBody, decodeQuery } from '../decode.js';
import type { RestEnv } from '../env.js';
import { OPERATIONS } from '../operations.js';
import { pageEnvelope } from '../pagination.js';
import { projectOf, send, sendError } from '../respond.js';
import { askVersioned } from '../../../application/queries/versioned-read.js';
import { sendVersioned, type VersionedAnswers } from '../versioned-answers.js';
import { conversationDetailView, conversationView } from '../views/conversations.js';
import { messageSliceView, messageView } from '../views/messages.js';

/** The project's threads or one agent's, kept with their version (see sendVersioned). */
const listConversations = (
  useCases: UseCases['conversations'],
  answers: VersionedAnswers | null,
  c: Context<RestEnv>,
  agentId: string | null,
  codec: typeof OPERATIONS.listConversations.query,
) => {
  const page = decodeQuery(c, codec);
  if (E.isLeft(page)) return sendError(c, page.left, 'query');
  const input = { projectId: projectOf(c), page: page.right, agentId };
  const key = `conversations ${agentId ?? ''} ${page.right.limit} ${page.right.offset}`;
  return sendVersioned(c, answers, key, askVersioned(useCases.listConversations, input), (listed) =>
    pageEnvelope(listed, page.right, conversationView),
  );
};

/** `/v1/conversations`: SMS threads, their metadata and their messages. */
export const conversationRoutes = (useCases: UseCases['conversations'], answers: VersionedAnswers | null = null): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();

  app.get('/', (c) => listConversations(useCases, answers, c, null, OPERATIONS.listConversations.query));

  app.get('/:id', async (c) => {
    const query = decodeQuery(c, OPERATIONS.getConversation.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const input = { projectId: projectOf(c), conversationId: c.req.param('id'), messageLimit: query.right.message_limit };
    return send(c, useCases.getConversation.execute(input), (detail) => c.json(conversationDetailView(detail)));
  });

  app.patch('/:id', async (c) => {
    const body = await decodeBody(c, OPERATIONS.updateConversation.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    const input = { projectId: projectOf(c), conversationId: c.req.param('id'), state: body.right.state, messageLimit: 50 };
    return send(c, useCases.updateConversationState.execute(input), (detail) => c.json(conversationDetailView(detail)));
  });

  app.get('/:id/messages', async (c) => {
    const query = decodeQuery(c, OPERATIONS.listConversationMessages.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const input = { projectId: projectOf(c), conversationId: c.req.param('id'), cursor: toCursor(query.right) };
    const { limit, before, after } = input.cursor;
    const key = `messages ${input.conversationId} ${limit} ${before?.getTime() ?? ''} ${after?.getTime() ?? ''}`;
    return sendVersioned(c, answers, key, askVersioned(useCases.listConversationMessages, input), (slice) => messageSliceView(slice, messageView));
  });

  return app;
};

/** `GET /v1/agents/{id}/conversations`, mounted beside the agent routes. */
export const agentConversationRoutes = (useCases: UseCases['conversations'], answers: VersionedAnswers | null = null): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();
  app.get('/:id/conversations', (c) => listConversations(useCases, answers, c, c.req.param('id'), OPERATIONS.listAgentConversations.query));
  return app;
};
