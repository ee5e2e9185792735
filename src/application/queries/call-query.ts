import type { Call } from '../../domain/call.js';
import type { CallDetails } from '../ports/call-repositories.js';

/** One call: with what its detail view shows (`GET /v1/calls/{id}` and its transcript), or alone by its id for the operator. */
export interface CallQuery {
  /** The call with its transcript so far, the project's recording setting and its analysis; null when the project has no call of that id. */
  withDetails(projectId: string, callId: string): Promise<CallDetails | null>;
  /** The call by its id alone, whatever its project: the operator's console (its transcript and analysis are read when asked for). */
  inAnyProject(callId: string): Promise<Call | null>;
}
