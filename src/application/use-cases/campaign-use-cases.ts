import type { AddCampaignRecipients } from './campaigns/add-campaign-recipients.js';
import type { ChangeCampaignStatus } from './campaigns/change-campaign-status.js';
import type { CreateCampaign } from './campaigns/create-campaign.js';
import type { ExportCampaignResults } from './campaigns/export-campaign-results.js';
import type { GetCampaign } from './campaigns/get-campaign.js';
import type { ListCampaignRecipients } from './campaigns/list-campaign-recipients.js';
import type { ListCampaigns } from './campaigns/list-campaigns.js';
import type { PreviewCampaign } from './campaigns/preview-campaign.js';

/** The campaign use cases: `useCases.campaigns` of the one registry. */
export interface CampaignUseCases {
  readonly createCampaign: CreateCampaign;
  readonly getCampaign: GetCampaign;
  readonly listCampaigns: ListCampaigns;
  readonly addCampaignRecipients: AddCampaignRecipients;
  readonly changeCampaignStatus: ChangeCampaignStatus;
  readonly listCampaignRecipients: ListCampaignRecipients;
  readonly exportCampaignResults: ExportCampaignResults;
  /** What the campaign would do with its waiting recipients now, before any call is placed. */
  readonly previewCampaign: PreviewCampaign;
}
