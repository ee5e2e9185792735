import { toolScenarios } from './tool-scenarios.js';

toolScenarios('Streamable HTTP', (h, key) => h.httpClient(key));
