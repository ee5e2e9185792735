import { InMemoryUnitOfWork } from '../../../src/adapters/memory/in-memory-unit-of-work.js';
import { repositoryContract } from '../../contracts/repositories.contract.js';

repositoryContract('in-memory', async () => ({ uow: new InMemoryUnitOfWork(), close: async () => {} }));
