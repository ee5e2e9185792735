import { InMemoryVectorIndex } from '../../../src/adapters/memory/in-memory-vector-index.js';
import { UsearchVectorIndex } from '../../../src/adapters/usearch/usearch-vector-index.js';
import { vectorIndexContract } from '../../contracts/vector-index.contract.js';

vectorIndexContract('in-memory', () => new InMemoryVectorIndex());
vectorIndexContract('usearch', () => new UsearchVectorIndex());
