import type { ScenarioStage } from '../../application/ports/scenario-stage.js';
import { createSwitchboard } from '../create-switchboard.js';
import { stageOn, type InProcessStageOptions } from './switchboard-stage.js';

export type { InProcessStageOptions } from './switchboard-stage.js';

/**
 * A whole Switchboard in this process (the real container and use cases) on the simulated
 * carrier and the simulated clock, with custom tools stubbed: each scenario gets a project of
 * its own, its agent, a number and its contact. A webhook agent's webhook is really called.
 */
export const createInProcessStage = (options: InProcessStageOptions = {}): Promise<ScenarioStage> => stageOn(createSwitchboard, options);
