import { attemptCapOf, type AttemptCap, type CallingWindow } from '../../../domain/outbound-settings.js';
import type { Project } from '../../../domain/project.js';
import { recordingDisclosureOf } from '../../../domain/recording-disclosure.js';

/** A project's outbound settings as they hold: its own where it set them, else the node's. */
export interface OutboundSettingsInForce {
  readonly attemptCap: AttemptCap | null;
  /** `project`: set on the project (null included: off); `node`: `OUTBOUND_ATTEMPT_CAP`. */
  readonly attemptCapSource: 'project' | 'node';
  readonly callingWindow: CallingWindow | null;
  /** Said before the greeting of the project's recorded calls; null: none. */
  readonly recordingDisclosure: string | null;
  /** `project`: set on the project (null included: none); `node`: `RECORDING_DISCLOSURE`. */
  readonly recordingDisclosureSource: 'project' | 'node';
}

export interface OutboundSettingsDeps {
  /** The node's cap (`OUTBOUND_ATTEMPT_CAP`), for projects without their own. */
  readonly nodeAttemptCap: AttemptCap | null;
  /** The node's recording disclosure (`RECORDING_DISCLOSURE`), for projects without their own. */
  readonly nodeRecordingDisclosure: string | null;
}

export const inForce = (project: Pick<Project, 'outbound'>, node: OutboundSettingsDeps): OutboundSettingsInForce => ({
  attemptCap: attemptCapOf(project.outbound, node.nodeAttemptCap),
  attemptCapSource: project.outbound?.attemptCap === undefined ? 'node' : 'project',
  callingWindow: project.outbound?.callingWindow ?? null,
  recordingDisclosure: recordingDisclosureOf(project.outbound, node.nodeRecordingDisclosure),
  recordingDisclosureSource: project.outbound?.recordingDisclosure === undefined ? 'node' : 'project',
});
