import { Hono, type Context } from 'hono';
import * as E from 'fp-ts/lib/Either.js';
import type { UseCases } from '../../../application/use-cases/index.js';
import { decodeBody, decodeQuery } from '../decode.js';
import type { RestEnv } from '../env.js';
import { OPERATIONS } from '../operations.js';
import { pageEnvelope } from '../pagination.js';
import { projectOf, send, sendError } from '../respond.js';
import { agentTestView, testRunView } from '../views/agent-tests.js';

/** `/v1/agents/{id}/tests`: the scenario tests kept with an agent. */
export const agentTestRoutes = (useCases: UseCases['agentTests']): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();
  const agentOf = (c: Context<RestEnv>) => ({ projectId: projectOf(c), agentId: c.req.param('agentId')! });
  const testOf = (c: Context<RestEnv>) => ({ ...agentOf(c), testId: c.req.param('testId')! });

  app.get('/:agentId/tests', async (c) => {
    const query = decodeQuery(c, OPERATIONS.listAgentTests.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const page = { limit: query.right.limit, offset: query.right.offset };
    return send(c, useCases.listAgentTests.execute({ ...agentOf(c), page }), (found) => c.json(pageEnvelope(found, page, agentTestView)));
  });

  app.post('/:agentId/tests', async (c) => {
    const body = await decodeBody(c, OPERATIONS.createAgentTest.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    return send(c, useCases.createAgentTest.execute({ ...agentOf(c), test: body.right }), (test) => c.json(agentTestView(test), 201));
  });

  app.get('/:agentId/tests/:testId', (c) => send(c, useCases.getAgentTest.execute(testOf(c)), (test) => c.json(agentTestView(test))));

  app.patch('/:agentId/tests/:testId', async (c) => {
    const body = await decodeBody(c, OPERATIONS.updateAgentTest.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    return send(c, useCases.updateAgentTest.execute({ ...testOf(c), test: body.right }), (test) => c.json(agentTestView(test)));
  });

  app.delete('/:agentId/tests/:testId', (c) => send(c, useCases.deleteAgentTest.execute(testOf(c)), () => c.body(null, 204)));

  return app;
};

/** `/v1/test-runs`: runs of agents' tests, played on the server in the background. */
export const testRunRoutes = (useCases: UseCases['agentTests']): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();
  const runOf = (c: Context<RestEnv>) => ({ projectId: projectOf(c), runId: c.req.param('runId')! });

  app.post('/', async (c) => {
    const body = await decodeBody(c, OPERATIONS.startTestRun.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    const input = { projectId: projectOf(c), agentId: body.right.agentId, testIds: body.right.testIds ?? null, seed: body.right.seed ?? null };
    return send(c, useCases.startTestRun.execute(input), (run) => c.json(testRunView(run), 202));
  });

  app.get('/', async (c) => {
    const query = decodeQuery(c, OPERATIONS.listTestRuns.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const page = { limit: query.right.limit, offset: query.right.offset };
    return send(c, useCases.listTestRuns.execute({ projectId: projectOf(c), agentId: query.right.agentId ?? null, page }), (found) => c.json(pageEnvelope(found, page, testRunView)));
  });

  app.get('/:runId', (c) => send(c, useCases.getTestRun.execute(runOf(c)), (run) => c.json(testRunView(run))));

  app.post('/:runId/cancel', (c) => send(c, useCases.cancelTestRun.execute(runOf(c)), (run) => c.json(testRunView(run))));

  return app;
};
