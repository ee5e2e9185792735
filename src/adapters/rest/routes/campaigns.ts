import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import * as E from 'fp-ts/lib/Either.js';
import type { UseCases } from '../../../application/use-cases/index.js';
import type { CampaignAction } from '../../../domain/campaign.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { AppError } from '../../../application/errors.js';
import { campaignFieldNames, toCampaignRecipients, toCampaignSettings, toRecipientInputs } from '../codecs/campaigns.js';
import { namedAsSent } from '../field-names.js';
import { recipientsFromCsv } from '../csv-recipients.js';
import { decodeBody, decodeQuery, invalidInput } from '../decode.js';
import type { RestEnv } from '../env.js';
import { OPERATIONS } from '../operations.js';
import { pageEnvelope } from '../pagination.js';
import { projectOf, send, sendError } from '../respond.js';
import { campaignView, createdCampaignView, importView, recipientView, RESULTS_HEADER, resultsCsvLine, campaignPreviewView } from '../views/campaigns.js';

const ACTIONS: readonly CampaignAction[] = ['start', 'pause', 'resume', 'cancel'];

/** `/v1/campaigns`: lists of people for an agent to call, and their progress. */
export const campaignRoutes = (useCases: UseCases['campaigns']): Hono<RestEnv> => {
  const app = new Hono<RestEnv>();

  app.post('/', async (c) => {
    const body = await decodeBody(c, OPERATIONS.createCampaign.body);
    if (E.isLeft(body)) return sendError(c, body.left);
    const input = { projectId: projectOf(c), settings: toCampaignSettings(body.right), ...toCampaignRecipients(body.right.recipients) };
    return send(c, TE.mapLeft((e: AppError) => namedAsSent(e, campaignFieldNames))(useCases.createCampaign.execute(input)), ({ campaign, recipients }) =>
      c.json(createdCampaignView(campaign, recipients), 201),
    );
  });

  app.get('/', async (c) => {
    const query = decodeQuery(c, OPERATIONS.listCampaigns.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const page = { limit: query.right.limit, offset: query.right.offset };
    return send(c, useCases.listCampaigns.execute({ projectId: projectOf(c), page }), (campaigns) =>
      c.json(pageEnvelope(campaigns, page, (campaign) => campaignView(campaign))),
    );
  });

  app.get('/:id', (c) =>
    send(c, useCases.getCampaign.execute({ projectId: projectOf(c), campaignId: c.req.param('id') }), ({ campaign, counts }) =>
      c.json(campaignView(campaign, counts)),
    ),
  );

  app.post('/:id/preview', (c) =>
    send(c, useCases.previewCampaign.execute({ projectId: projectOf(c), campaignId: c.req.param('id') }), (preview) => c.json(campaignPreviewView(preview))),
  );

  // JSON `{ recipients: [...] }`, or a CSV file (Content-Type text/csv) with a header row.
  app.post('/:id/recipients', async (c) => {
    const isCsv = (c.req.header('content-type') ?? '').toLowerCase().startsWith('text/csv');
    let recipients;
    if (isCsv) {
      const parsed = recipientsFromCsv(await c.req.text());
      if (E.isLeft(parsed)) return sendError(c, invalidInput(parsed.left.slice(0, 100)));
      recipients = parsed.right;
    } else {
      const body = await decodeBody(c, OPERATIONS.addCampaignRecipients.body);
      if (E.isLeft(body)) return sendError(c, body.left);
      recipients = toRecipientInputs(body.right.recipients);
    }
    const input = { projectId: projectOf(c), campaignId: c.req.param('id'), recipients };
    return send(c, useCases.addCampaignRecipients.execute(input), (summary) => c.json(importView(summary), 201));
  });

  app.get('/:id/recipients', async (c) => {
    const query = decodeQuery(c, OPERATIONS.listCampaignRecipients.query);
    if (E.isLeft(query)) return sendError(c, query.left, 'query');
    const { limit, offset, status, outcome } = query.right;
    const input = { projectId: projectOf(c), campaignId: c.req.param('id'), query: { limit, offset, status: status ?? null, outcome: outcome ?? null } };
    return send(c, useCases.listCampaignRecipients.execute(input), (page) => c.json(pageEnvelope(page, { limit, offset }, recipientView)));
  });

  app.get('/:id/results.csv', async (c) => {
    const projectId = projectOf(c);
    const campaignId = c.req.param('id');
    // The campaign is checked before the first byte, so an unknown one is a 404 in the envelope.
    const found = await useCases.getCampaign.execute({ projectId, campaignId })();
    if (E.isLeft(found)) return sendError(c, found.left);
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', `attachment; filename="${campaignId}-results.csv"`);
    return stream(c, async (out) => {
      await out.write(`${RESULTS_HEADER.join(',')}\r\n`);
      await useCases.exportCampaignResults.execute({
        projectId,
        campaignId,
        write: async (rows) => {
          await out.write(rows.map((row) => `${resultsCsvLine(row)}\r\n`).join(''));
        },
      })();
    });
  });

  for (const action of ACTIONS) {
    app.post(`/:id/${action}`, (c) =>
      send(c, useCases.changeCampaignStatus.execute({ projectId: projectOf(c), campaignId: c.req.param('id'), action }), (campaign) =>
        c.json(campaignView(campaign)),
      ),
    );
  }

  return app;
};
