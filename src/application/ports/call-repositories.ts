import type { Call, CallDirection, CallStatusFilter, CallType, TranscriptTurn } from '../../domain/call.js';
import type { CallAnalysis } from '../../domain/call-analysis.js';
import type { PageRequest } from './pagination.js';

/** Which calls the call log shows (see CallPageQuery). */
export interface CallListQuery extends PageRequest {
  /** A status, or a finer one (see CALL_STATUS_FILTERS). */
  readonly status: CallStatusFilter | null;
  readonly direction: CallDirection | null;
  readonly type: CallType | null;
  /** Case-insensitive contains on fromNumber or toNumber. */
  readonly search: string | null;
  readonly agentId: string | null;
  /** Only calls on this number of the project (none when it is not the project's). */
  readonly numberId: string | null;
}

/** A call with what its detail view shows beside it. */
export interface CallDetails {
  readonly call: Call;
  /** Its turns so far, in sequence order (as TranscriptRepository.listByCall). */
  readonly transcript: readonly TranscriptTurn[];
  /** The project's recording add-on is on now (false if the project is gone). */
  readonly recordingEnabled: boolean;
  /** Its post-call analysis (as CallAnalysisRepository.findByCall); null when none was queued. */
  readonly analysis: CallAnalysis | null;
}

/** Part of `Repositories` (as `calls`). */
export interface CallRepository {
  findById(projectId: string, id: string): Promise<Call | null>;
  /** Whatever its project: carrier callbacks and live sessions know only the call's id. */
  findByIdInAnyProject(id: string): Promise<Call | null>;
  /** The calls of these ids that exist, in no particular order (a campaign's ended attempts, settled together). */
  findByIdsInAnyProject(ids: readonly string[]): Promise<readonly Call[]>;
  findByProviderCallId(providerCallId: string): Promise<Call | null>;
  /** Reads the call and holds it until the unit of work ends: changes that read and save the whole call (who answered, a warm transfer's stage) go one at a time. */
  lockByIdInAnyProject(id: string): Promise<Call | null>;
  save(call: Call): Promise<void>;
  /** Stores calls new to the store, in one statement (a campaign's batch): an id already stored is a DuplicateKey. */
  insertNew(calls: readonly Call[]): Promise<void>;
  /** Sets the carrier's id of each call it accepted, the calls' other columns untouched. */
  recordProviderCallIds(placed: readonly { readonly callId: string; readonly providerCallId: string }[]): Promise<void>;
  /**
   * Records that the call's media stream (its one live socket) connected at `at`. True only
   * for the first claim the call ever gets, however many nodes race for it, and only while the
   * call is in progress; false for every later one (a replayed socket URL), for a call that ended
   * (one whose caller hung up before the media connected) and for an unknown call. Saving the
   * call keeps the claim.
   */
  claimMedia(callId: string, at: Date): Promise<boolean>;
  /**
   * Sets the call's `optOut` (the person asked not to be called again), live or ended: true only
   * for the first time, across nodes; false once it is set, and for an unknown call. Saving the
   * call keeps it.
   */
  markOptedOut(callId: string): Promise<boolean>;
  /**
   * Stores the end of a call: `ended`'s status, end time, duration, reason and last words, if the
   * stored call is still in progress and still joined to the carrier call `ended` names (a browser
   * joining a web call gives it one). True for the first of racing ends only; false for a call
   * already over, an unknown one, or one joined since it was read. Its other columns stay as
   * stored: an end decided on a call read a moment earlier overwrites nothing written since.
   */
  storeEnd(ended: Call): Promise<boolean>;
  /**
   * Claims the media stream of the caller's return to the agent after warm transfer `attempt`
   * (a number that rises with each transfer): true once per attempt, across nodes; false for a
   * replayed return URL, an older attempt, or a call not in progress.
   */
  claimResumedMedia(callId: string, attempt: number): Promise<boolean>;
  /**
   * Records that the session a stopping node handed the call over from (hand-over `attempt`) has
   * let go of it, every turn it heard stored: from now on {@link claimHandedOverMedia} may hold.
   * False for a call not in progress.
   */
  releaseMedia(callId: string, attempt: number): Promise<boolean>;
  /**
   * Claims the media stream that continues the call after hand-over `attempt`: true once per
   * attempt, across nodes, and only once the session it was handed over from let go (see
   * {@link releaseMedia}); false before that, for a replayed URL and for a call not in progress.
   */
  claimHandedOverMedia(callId: string, attempt: number): Promise<boolean>;
  /** How many outbound calls of the project to this number started at `since` or later (the attempt cap; callers lock the project first). */
  countOutboundTo(projectId: string, toNumber: string, since: Date): Promise<number>;
  /** {@link countOutboundTo} for several numbers at once; a number with none is absent. */
  countOutboundToEach(projectId: string, toNumbers: readonly string[], since: Date): Promise<ReadonlyMap<string, number>>;
  /** How many calls of the project are in progress (the concurrency cap; callers lock the project first). */
  countLive(projectId: string): Promise<number>;
  /** Sets agentId to null on every call of the agent. */
  detachAgent(agentId: string): Promise<void>;
  /**
   * Web calls, in any project, still in progress that no browser ever joined (no carrier id:
   * joining sets one) and started before `startedBefore`; oldest first, at most `limit`.
   */
  listUnconnectedWebCalls(startedBefore: Date, limit: number): Promise<readonly Call[]>;
}

/** Part of `Repositories` (as `transcripts`). */
export interface TranscriptRepository {
  /** Inserts the turns, or overwrites those with the same id (a barge-in truncates a stored turn). */
  save(turns: readonly TranscriptTurn[]): Promise<void>;
  /** The call's turns with a sequence above `afterSequence` (default: all), in sequence order. */
  listByCall(callId: string, afterSequence?: number): Promise<readonly TranscriptTurn[]>;
}
