import type { GraphQLSchema } from 'graphql';
import { newAdminBuilder } from './builder.js';
import { defineCallTypes } from './call-types.js';
import { defineCampaignTypes } from './campaign-types.js';
import { defineKnowledgeTypes } from './knowledge-types.js';
import { defineAgentTestTypes } from './agent-test-types.js';
import { defineAgentLinkTypes } from './agent-link-types.js';
import type { AdminSchemaDeps } from './deps.js';
import { defineEnums } from './enums.js';
import { defineMessagingTypes } from './messaging-types.js';
import { defineMutations } from './mutations.js';
import { defineProjectTypes } from './project-types.js';
import { defineQueries } from './queries.js';
import { defineResourceTypes } from './resource-types.js';
import { defineAgentMutations } from './agent-mutations.js';
import { defineSubscriptions } from './subscriptions.js';
import { defineUsageTypes } from './usage-types.js';
import { defineWebhookTypes } from './webhook-types.js';

export type { AdminSchemaDeps, SimulatedCaller } from './deps.js';

/** The console's schema, code first, on a builder of its own. */
export const buildAdminSchema = (deps: AdminSchemaDeps): GraphQLSchema => {
  const builder = newAdminBuilder();
  const enums = defineEnums(builder);
  defineProjectTypes(builder, deps, enums);
  defineUsageTypes(builder, deps);
  defineResourceTypes(builder, deps, enums);
  defineMessagingTypes(builder, deps, enums);
  defineWebhookTypes(builder, enums);
  defineQueries(builder, deps);
  defineMutations(builder, deps);
  defineAgentMutations(builder, deps);
  defineSubscriptions(builder, deps);
  defineCallTypes(builder, deps, enums);
  defineCampaignTypes(builder, deps);
  defineKnowledgeTypes(builder, deps);
  defineAgentTestTypes(builder, deps);
  defineAgentLinkTypes(builder);
  return builder.toSchema({ sortSchema: false });
};
