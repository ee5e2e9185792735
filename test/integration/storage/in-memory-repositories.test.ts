import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { messagingRepositoryContract } from '../../contracts/messaging-repositories.contract.js';
import { deliveryRepositoryContract } from '../../contracts/delivery-repository.contract.js';
import { callRepositoryContract } from '../../contracts/call-repositories.contract.js';
import { repositoryContract } from '../../contracts/repositories.contract.js';
import { signUpRepositoryContract } from '../../contracts/sign-up-repository.contract.js';
import { adminQueriesContract } from '../../contracts/admin-queries.contract.js';
import { webCallCredentialsContract } from '../../contracts/web-call-credentials.contract.js';
import { hostedStorageContract } from '../../contracts/hosted-storage.contract.js';
import { campaignRepositoriesContract } from '../../contracts/campaign-repositories.contract.js';
import { usageQueryContract } from '../../contracts/usage-query.contract.js';

repositoryContract('in-memory', async () => ({ uow: new InMemoryUnitOfWork(), close: async () => {} }));
callRepositoryContract('in-memory', async () => ({ uow: new InMemoryUnitOfWork(), close: async () => {} }));
signUpRepositoryContract('in-memory', async () => ({ uow: new InMemoryUnitOfWork(), close: async () => {} }));
messagingRepositoryContract('in-memory', async () => ({ uow: new InMemoryUnitOfWork(), close: async () => {} }));
deliveryRepositoryContract('in-memory', async () => ({ uow: new InMemoryUnitOfWork(), close: async () => {} }));
adminQueriesContract('in-memory', async () => ({ uow: new InMemoryUnitOfWork(), close: async () => {} }));
webCallCredentialsContract('in-memory', async () => ({ uow: new InMemoryUnitOfWork(), close: async () => {} }));
hostedStorageContract('in-memory', async () => ({ uow: new InMemoryUnitOfWork(), close: async () => {} }));
campaignRepositoriesContract('in-memory', async () => ({ uow: new InMemoryUnitOfWork(), close: async () => {} }));
usageQueryContract('in-memory', async () => {
  const uow = new InMemoryUnitOfWork();
  return { uow, usage: uow.usageQuery(), close: async () => {} };
});
