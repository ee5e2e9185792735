import { attemptCapOf, type AttemptCap, type CallingWindow } from '../../../domain/outbound-settings.js';
import type { Project } from '../../../domain/project.js';

/** A project's outbound settings as they hold: its own where it set them, else the node's. */
export interface OutboundSettingsInForce {
  readonly attemptCap: AttemptCap | null;
  /** `project`: set on the project (null included: off); `node`: `OUTBOUND_ATTEMPT_CAP`. */
  readonly attemptCapSource: 'project' | 'node';
  readonly callingWindow: CallingWindow | null;
}

export interface OutboundSettingsDeps {
  /** The node's cap (`OUTBOUND_ATTEMPT_CAP`), for projects without their own. */
  readonly nodeAttemptCap: AttemptCap | null;
}

export const inForce = (project: Pick<Project, 'outbound'>, nodeAttemptCap: AttemptCap | null): OutboundSettingsInForce => ({
  attemptCap: attemptCapOf(project.outbound, nodeAttemptCap),
  attemptCapSource: project.outbound?.attemptCap === undefined ? 'node' : 'project',
  callingWindow: project.outbound?.callingWindow ?? null,
});

