import type { CampaignTrigger } from '../../ports/campaign-engine.js';
import type { TimeZoneCalendar } from '../../ports/time-zones.js';
import type { VoiceCatalog } from '../../ports/voice-catalog.js';
import type { RecipientImportDeps } from './recipient-import.js';

/** What the campaign use cases need besides storage, time and ids. */
export interface CampaignDeps extends RecipientImportDeps {
  readonly calendar: TimeZoneCalendar;
  /** Wakes the engine after a change it should act on at once; none: it finds it on its next round. */
  readonly campaignTrigger: CampaignTrigger | null;
  /** The voices a campaign's `voice` may name; absent: any is taken (and a dial with an unknown one fails). */
  readonly voices?: VoiceCatalog;
}
