import { Hono } from 'hono';
import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { UseCases } from '../../../application/use-cases/index.js';
import type { AgentWithNumbers } from '../../../application/ports/repositories.js';
import { toAgentChanges, toAgentFields } from '../codecs/agents.js';
import { decodeBody, decodeQuery } from '../decode.js';
import type { RestEnv } from '../env.js';
import { OPERATIONS } from '../operations.js';
import { pageEnvelope } from '../pagination.js';
import { projectOf, send, sendError } from '../respond.js';
import { askVersioned } from '../../../application/queries/versioned-read.js';
import { sendVersioned, type VersionedAnswers } from '../versioned-answers.js';
import { agentView, attachedNumberView, deletedAgentView, voiceView } from '../views/agents.js';

/** `/v1/agents`: agents and the numbers attached to them. */
export const agentRoutes = (useCases: UseCases['agents'], answers: VersionedAnswers | null = null): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();
  // Read when an agent is shown: the routes are mounted before anything is asked of the use cases.
  const view = (agent: AgentWithNumbers) => agentView(useCases.conversationSupport)(agent);

  // Before `/:id`, which would otherwise read "voices" as an agent id.
  app.get('/voices', (c) =>
    send(c, useCases.listVoices.execute(), (voices) => c.json({ data: voices.map(voiceView) })),
  );

  app.post('/', async (c) => {
    const fields = pipe(await decodeBody(c, OPERATIONS.createAgent.body), E.chain(toAgentFields));
    if (E.isLeft(fields)) return sendError(c, fields.left);
    return send(c, useCases.createAgent.execute({ projectId: projectOf(c), fields: fields.right }), (agent) =>
      c.json(view(agent)),
    );
  });

  app.get('/', async (c) => {
    const page = decodeQuery(c, OPERATIONS.listAgents.query);
    if (E.isLeft(page)) return sendError(c, page.left, 'query');
    const input = { projectId: projectOf(c), page: page.right };
    const key = `agents ${page.right.limit} ${page.right.offset}`;
    return sendVersioned(c, answers, key, askVersioned(useCases.listAgents, input), (agents) =>
      pageEnvelope(agents, page.right, view),
    );
  });

  app.get('/:id', (c) =>
    send(c, useCases.getAgent.execute({ projectId: projectOf(c), agentId: c.req.param('id') }), (agent) =>
      c.json(view(agent)),
    ),
  );

  app.patch('/:id', async (c) => {
    const changes = pipe(await decodeBody(c, OPERATIONS.updateAgent.body), E.chain(toAgentChanges));
    if (E.isLeft(changes)) return sendError(c, changes.left);
    const input = { projectId: projectOf(c), agentId: c.req.param('id'), changes: changes.right };
    return send(c, useCases.updateAgent.execute(input), (agent) => c.json(view(agent)));
  });

  app.delete('/:id', (c) =>
    send(c, useCases.deleteAgent.execute({ projectId: projectOf(c), agentId: c.req.param('id') }), (agent) =>
      c.json(deletedAgentView(agent)),
    ),
  );

  app.post('/:id/numbers', async (c) => {
    const body = await decodeBody(c, OPERATIONS.attachNumber.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    const input = { projectId: projectOf(c), agentId: c.req.param('id'), numberId: body.right.numberId };
    return send(c, useCases.attachNumber.execute(input), (number) => c.json(attachedNumberView(number)));
  });

  app.delete('/:id/numbers/:numberId', (c) => {
    const input = { projectId: projectOf(c), agentId: c.req.param('id'), numberId: c.req.param('numberId') };
    return send(c, useCases.detachNumber.execute(input), () => c.json({ success: true }));
  });

  return app;
};
