import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121000000_foundation } from './Migration20261121000000_foundation.js';
import { Migration20261121010000_signup_billing } from './Migration20261121010000_signup_billing.js';
import { Migration20261121020000_webhooks } from './Migration20261121020000_webhooks.js';
import { Migration20261121030000_messaging } from './Migration20261121030000_messaging.js';
import { Migration20261121040000_calls } from './Migration20261121040000_calls.js';
import { Migration20261121050000_turn_errors } from './Migration20261121050000_turn_errors.js';
import { Migration20261121060000_sign_up_expiry } from './Migration20261121060000_sign_up_expiry.js';
import { Migration20261121073000_call_media_connected } from './Migration20261121073000_call_media_connected.js';
import { Migration20261121074000_web_call_credentials } from './Migration20261121074000_web_call_credentials.js';
import { Migration20261124040000_hosted_tools_and_analysis } from './Migration20261124040000_hosted_tools_and_analysis.js';
import { Migration20261124050000_call_control } from './Migration20261124050000_call_control.js';
import { Migration20261124060000_campaigns } from './Migration20261124060000_campaigns.js';
import { Migration20261124070000_rate_limit_windows } from './Migration20261124070000_rate_limit_windows.js';
import { Migration20261124080000_agent_live_numbers } from './Migration20261124080000_agent_live_numbers.js';
import { Migration20261202010000_outbound_texts } from './Migration20261202010000_outbound_texts.js';
import { Migration20261202070000_turn_latency } from './Migration20261202070000_turn_latency.js';
import { Migration20261202090000_suppressions } from './Migration20261202090000_suppressions.js';
import { Migration20261202110000_sub_accounts } from './Migration20261202110000_sub_accounts.js';
import { Migration20261202120000_messaging_registrations } from './Migration20261202120000_messaging_registrations.js';
import { Migration20261202130000_compliance } from './Migration20261202130000_compliance.js';
import { Migration20261202140000_conversation_settings } from './Migration20261202140000_conversation_settings.js';
import { Migration20261203160000_call_hand_over } from './Migration20261203160000_call_hand_over.js';
import { Migration20261202170000_knowledge_bases } from './Migration20261202170000_knowledge_bases.js';
import { Migration20261203100000_agent_tests } from './Migration20261203100000_agent_tests.js';
import { Migration20261203120000_knowledge_vectors } from './Migration20261203120000_knowledge_vectors.js';
import { Migration20261203130000_agent_links } from './Migration20261203130000_agent_links.js';
import { Migration20261203140000_outbound_settings } from './Migration20261203140000_outbound_settings.js';
import { Migration20261203150000_campaign_call_overrides } from './Migration20261203150000_campaign_call_overrides.js';
import { Migration20261203180000_registration_senders } from './Migration20261203180000_registration_senders.js';
import { Migration20261203190000_knowledge_trigram_index } from './Migration20261203190000_knowledge_trigram_index.js';
import { Migration20261204100000_audit_events } from './Migration20261204100000_audit_events.js';
import { Migration20261204200000_recording_disclosure } from './Migration20261204200000_recording_disclosure.js';
import { Migration20261204300000_knowledge_retrieval } from './Migration20261204300000_knowledge_retrieval.js';

/**
 * Every migration, oldest first. Listed explicitly (no glob) so they run the same from `dist`
 * and from vitest. A feature adds a file `MigrationYYYYMMDDhhmmss_<name>.ts` here and appends
 * `{ name, class }` at the end of this array; names must sort after the ones before them.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121000000_foundation', class: Migration20261121000000_foundation },
  { name: 'Migration20261121010000_signup_billing', class: Migration20261121010000_signup_billing },
  { name: 'Migration20261121020000_webhooks', class: Migration20261121020000_webhooks },
  { name: 'Migration20261121030000_messaging', class: Migration20261121030000_messaging },
  { name: 'Migration20261121040000_calls', class: Migration20261121040000_calls },
  { name: 'Migration20261121050000_turn_errors', class: Migration20261121050000_turn_errors },
  { name: 'Migration20261121060000_sign_up_expiry', class: Migration20261121060000_sign_up_expiry },
  { name: 'Migration20261121073000_call_media_connected', class: Migration20261121073000_call_media_connected },
  { name: 'Migration20261121074000_web_call_credentials', class: Migration20261121074000_web_call_credentials },
  { name: 'Migration20261124040000_hosted_tools_and_analysis', class: Migration20261124040000_hosted_tools_and_analysis },
  { name: 'Migration20261124050000_call_control', class: Migration20261124050000_call_control },
  { name: 'Migration20261124060000_campaigns', class: Migration20261124060000_campaigns },
  { name: 'Migration20261124070000_rate_limit_windows', class: Migration20261124070000_rate_limit_windows },
  { name: 'Migration20261124080000_agent_live_numbers', class: Migration20261124080000_agent_live_numbers },
  { name: 'Migration20261202010000_outbound_texts', class: Migration20261202010000_outbound_texts },
  { name: 'Migration20261202070000_turn_latency', class: Migration20261202070000_turn_latency },
  { name: 'Migration20261202090000_suppressions', class: Migration20261202090000_suppressions },
  { name: 'Migration20261202110000_sub_accounts', class: Migration20261202110000_sub_accounts },
  { name: 'Migration20261202120000_messaging_registrations', class: Migration20261202120000_messaging_registrations },
  { name: 'Migration20261202130000_compliance', class: Migration20261202130000_compliance },
  { name: 'Migration20261202140000_conversation_settings', class: Migration20261202140000_conversation_settings },
  { name: 'Migration20261202170000_knowledge_bases', class: Migration20261202170000_knowledge_bases },
  { name: 'Migration20261203100000_agent_tests', class: Migration20261203100000_agent_tests },
  { name: 'Migration20261203120000_knowledge_vectors', class: Migration20261203120000_knowledge_vectors },
  { name: 'Migration20261203130000_agent_links', class: Migration20261203130000_agent_links },
  { name: 'Migration20261203140000_outbound_settings', class: Migration20261203140000_outbound_settings },
  { name: 'Migration20261203150000_campaign_call_overrides', class: Migration20261203150000_campaign_call_overrides },
  { name: 'Migration20261203160000_call_hand_over', class: Migration20261203160000_call_hand_over },
  { name: 'Migration20261203180000_registration_senders', class: Migration20261203180000_registration_senders },
  { name: 'Migration20261203190000_knowledge_trigram_index', class: Migration20261203190000_knowledge_trigram_index },
  { name: 'Migration20261204100000_audit_events', class: Migration20261204100000_audit_events },
  { name: 'Migration20261204200000_recording_disclosure', class: Migration20261204200000_recording_disclosure },
  { name: 'Migration20261204300000_knowledge_retrieval', class: Migration20261204300000_knowledge_retrieval },
];
