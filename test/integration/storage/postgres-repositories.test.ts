import { MikroOrmUsageQuery } from '../../../src/adapters/mikro-orm/mikro-orm-usage-query.js';
import { describe } from 'vitest';
import { messagingRepositoryContract } from '../../contracts/messaging-repositories.contract.js';
import { agentPageQueryContract } from '../../contracts/agent-page-query.contract.js';
import { agentQueryContract } from '../../contracts/agent-query.contract.js';
import { contactListQueryContract } from '../../contracts/contact-list-query.contract.js';
import { numberListQueryContract } from '../../contracts/number-list-query.contract.js';
import { callPageQueryContract } from '../../contracts/call-page-query.contract.js';
import { conversationPageQueryContract } from '../../contracts/conversation-page-query.contract.js';
import { conversationMessagesQueryContract } from '../../contracts/conversation-messages-query.contract.js';
import { deliveryRepositoryContract } from '../../contracts/delivery-repository.contract.js';
import { callRepositoryContract } from '../../contracts/call-repositories.contract.js';
import { repositoryContract } from '../../contracts/repositories.contract.js';
import { signUpRepositoryContract } from '../../contracts/sign-up-repository.contract.js';
import { adminQueriesContract } from '../../contracts/admin-queries.contract.js';
import { webCallCredentialsContract } from '../../contracts/web-call-credentials.contract.js';
import { hostedStorageContract } from '../../contracts/hosted-storage.contract.js';
import { campaignRepositoriesContract } from '../../contracts/campaign-repositories.contract.js';
import { aScratchPostgresStore } from '../../contracts/store-harness.js';
import { backlogQueryContract } from '../../contracts/backlog-query.contract.js';
import { usageQueryContract } from '../../contracts/usage-query.contract.js';
import { subAccountStorageContract } from '../../contracts/sub-account-storage.contract.js';
import { openDatabase } from '../../../src/adapters/mikro-orm/database.js';
import { createScratchDatabase } from '../../support/scratch-database.js';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('PostgreSQL', () => {
  const openScratch = () => aScratchPostgresStore(serverUrl!);
  repositoryContract('PostgreSQL', openScratch);
  subAccountStorageContract('PostgreSQL', openScratch);
  callRepositoryContract('PostgreSQL', openScratch);
  signUpRepositoryContract('PostgreSQL', openScratch);
  messagingRepositoryContract('PostgreSQL', openScratch);
  deliveryRepositoryContract('PostgreSQL', openScratch);
  adminQueriesContract('PostgreSQL', openScratch);
  webCallCredentialsContract('PostgreSQL', openScratch);
  hostedStorageContract('PostgreSQL', openScratch);
  campaignRepositoriesContract('PostgreSQL', openScratch);
  backlogQueryContract('PostgreSQL', openScratch);
  usageQueryContract('PostgreSQL', async () => {
    const scratch = await createScratchDatabase(serverUrl!, 'sb_test');
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '.' });
    const close = async () => {
      await database.close();
      await scratch.drop();
    };
    return { uow: database.uow, usage: new MikroOrmUsageQuery(database.uow.reads), close };
  });
  agentPageQueryContract('PostgreSQL', openScratch);
  agentQueryContract('PostgreSQL', openScratch);
  contactListQueryContract('PostgreSQL', openScratch);
  numberListQueryContract('PostgreSQL', openScratch);
  callPageQueryContract('PostgreSQL', openScratch);
  conversationPageQueryContract('PostgreSQL', openScratch);
  conversationMessagesQueryContract('PostgreSQL', openScratch);
});
