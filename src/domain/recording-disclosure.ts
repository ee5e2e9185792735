import { startCall, type Call, type NewCall } from './call.js';
import type { OutboundSettings } from './outbound-settings.js';
import type { Project } from './project.js';

/** The disclosure a project's recorded calls say: its own where it set one (null: none), else the node's. */
export const recordingDisclosureOf = (settings: OutboundSettings | undefined, nodeDefault: string | null): string | null =>
  settings?.recordingDisclosure === undefined ? nodeDefault : settings.recordingDisclosure;

/**
 * What a call says because it is recorded: nothing when it is not; else the call's own words
 * (`asked`, null: none on this call) or, when the call gave none, the project's or the node's.
 */
export const recordingDisclosureFor = (props: {
  readonly recorded: boolean;
  readonly settings: OutboundSettings | undefined;
  readonly nodeDefault: string | null;
  readonly asked?: string | null;
}): string | null => {
  if (!props.recorded) return null;
  const text = (props.asked === undefined ? recordingDisclosureOf(props.settings, props.nodeDefault) : props.asked)?.trim() ?? '';
  return text === '' ? null : text;
};

/** A call's first words: the disclosures, then the greeting, each left out when empty (a silent greeting stays silent after them). */
export const openingWords = (...parts: readonly (string | null)[]): string =>
  parts
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');

/** An answered call (inbound or web) opened, its greeting led by the recording disclosure when the project records it. */
export const withRecordingDisclosure = (ringing: NewCall, project: Pick<Project, 'recordingEnabled' | 'outbound'> | null, nodeDefault: string | null): Call => {
  const recordingDisclosure = recordingDisclosureFor({ recorded: project?.recordingEnabled ?? false, settings: project?.outbound, nodeDefault });
  return startCall({ ...ringing, greeting: openingWords(recordingDisclosure, ringing.greeting), recordingDisclosure });
};
