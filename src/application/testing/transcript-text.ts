import type { ContactRecord } from '../ports/scenario-stage.js';

const LABELS = { user: 'caller', agent: 'agent', tool_call: 'tool call', tool_result: 'tool result' } as const;

/** A contact's transcript as lines a reader (or a judge) follows: `caller: …`, `agent: …`. */
export const transcriptLines = (record: Pick<ContactRecord, 'transcript' | 'texts'>): readonly string[] => [
  ...record.transcript.map((turn) => `${LABELS[turn.role]}: ${turn.content}${turn.interrupted ? ' [interrupted]' : ''}`),
  ...record.texts.map((text) => `${text.direction === 'inbound' ? 'texter' : 'agent (text)'}: ${text.body}`),
];
