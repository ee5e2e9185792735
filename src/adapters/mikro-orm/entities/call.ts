import { EntitySchema } from '@mikro-orm/core';

/** A row of `calls`. */
export interface CallRow {
  id: string;
  projectId: string;
  agentId: string | null;
  phoneNumberId: string | null;
  fromNumber: string;
  toNumber: string;
  direction: string;
  type: string;
  status: string;
  startedAt: Date;
  endedAt: Date | null;
  durationSeconds: number | null;
  disconnectionReason: string | null;
  providerCallId: string | null;
  recordingUrl: string | null;
  recordingAvailable: boolean;
  /** What was said before the greeting because the call is recorded; null: nothing. */
  recordingDisclosure: string | null;
  voiceMode: string;
  greeting: string;
  voice: string;
  language: string;
  systemPrompt: string | null;
  metadata: Record<string, unknown> | null;
  variables: Record<string, string>;
  lastTranscriptSnippet: string | null;
  voicemailDetection: boolean;
  answeredBy: string | null;
  /** Set by markOptedOut only; absent from the rows a save writes, so a save never clears it. */
  optOut?: boolean;
  /** The call's ConversationSettings as JSON; null: the defaults. */
  conversation?: Record<string, unknown> | null;
  /** The call's handoffs from agent to agent, as a JSON array. */
  handoffs?: unknown[];
  /**
   * When the call's media stream connected; set once, by claimMedia only. Absent from the
   * domain's Call, so a save (an upsert of the row's own fields) never clears it.
   */
  mediaConnectedAt?: Date | null;
  /** The last warm-transfer return whose media stream connected (claimResumedMedia only). */
  mediaResumes?: number | null;
  /** The last hand-over whose first session let go of the call, its turns stored (releaseMedia only). */
  mediaReleased?: number | null;
}

export const CallSchema = new EntitySchema<CallRow>({
  name: 'CallRow',
  tableName: 'calls',
  indexes: [
    { name: 'calls_project_started_index', properties: ['projectId', 'startedAt', 'id'] },
    { name: 'calls_agent_started_index', properties: ['agentId', 'startedAt', 'id'] },
    { name: 'calls_provider_call_id_index', properties: ['providerCallId'] },
  ],
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    projectId: { type: 'string', columnType: 'text' },
    agentId: { type: 'string', columnType: 'text', nullable: true },
    phoneNumberId: { type: 'string', columnType: 'text', nullable: true },
    fromNumber: { type: 'string', columnType: 'text' },
    toNumber: { type: 'string', columnType: 'text' },
    direction: { type: 'string', columnType: 'text' },
    type: { type: 'string', columnType: 'text' },
    status: { type: 'string', columnType: 'text' },
    startedAt: { type: 'Date', columnType: 'timestamptz' },
    endedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    durationSeconds: { type: 'integer', nullable: true },
    disconnectionReason: { type: 'string', columnType: 'text', nullable: true },
    providerCallId: { type: 'string', columnType: 'text', nullable: true },
    recordingUrl: { type: 'string', columnType: 'text', nullable: true },
    recordingAvailable: { type: 'boolean' },
    recordingDisclosure: { type: 'string', columnType: 'text', nullable: true },
    voiceMode: { type: 'string', columnType: 'text' },
    greeting: { type: 'string', columnType: 'text' },
    voice: { type: 'string', columnType: 'text' },
    language: { type: 'string', columnType: 'text' },
    systemPrompt: { type: 'string', columnType: 'text', nullable: true },
    metadata: { type: 'json', nullable: true },
    variables: { type: 'json', columnType: 'jsonb' },
    lastTranscriptSnippet: { type: 'string', columnType: 'text', nullable: true },
    voicemailDetection: { type: 'boolean' },
    answeredBy: { type: 'string', columnType: 'text', nullable: true },
    optOut: { type: 'boolean', default: false },
    conversation: { type: 'json', columnType: 'jsonb', nullable: true },
    handoffs: { type: 'json', columnType: 'jsonb', nullable: true },
    mediaConnectedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    mediaResumes: { type: 'integer', nullable: true },
    mediaReleased: { type: 'integer', nullable: true },
  },
});

/** A row of `transcript_turns`; (callId, sequence) is unique. */
export interface TranscriptTurnRow {
  id: string;
  callId: string;
  sequence: number;
  role: string;
  content: string;
  interrupted: boolean;
  createdAt: Date;
  /** Why the agent could not answer on this turn (hosted mode's apology), else null. */
  error: string | null;
  /** On tool turns: the tool's name, the model's call id, the arguments or the outcome. */
  tool: Record<string, unknown> | null;
  /** On the agent's answers: the latency figures from the caller's words. */
  latency: Record<string, unknown> | null;
  /** On the caller's turns: the language the carrier heard. */
  language?: string | null;
  /** On `search_knowledge` results: the passages given to the model. */
  sources: unknown[] | null;
}

export const TranscriptTurnSchema = new EntitySchema<TranscriptTurnRow>({
  name: 'TranscriptTurnRow',
  tableName: 'transcript_turns',
  uniques: [{ name: 'transcript_turns_call_sequence_unique', properties: ['callId', 'sequence'] }],
  properties: {
    id: { type: 'string', columnType: 'text', primary: true },
    callId: { type: 'string', columnType: 'text' },
    sequence: { type: 'integer' },
    role: { type: 'string', columnType: 'text' },
    content: { type: 'string', columnType: 'text' },
    interrupted: { type: 'boolean' },
    createdAt: { type: 'Date', columnType: 'timestamptz' },
    error: { type: 'string', columnType: 'text', nullable: true },
    tool: { type: 'json', columnType: 'jsonb', nullable: true },
    latency: { type: 'json', columnType: 'jsonb', nullable: true },
    language: { type: 'string', columnType: 'text', nullable: true },
    sources: { type: 'json', columnType: 'jsonb', nullable: true },
  },
});
