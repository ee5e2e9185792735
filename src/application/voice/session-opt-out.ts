import type { Call } from '../../domain/call.js';
import type { Logger } from '../ports/logger.js';
import type { OptOutRecorder } from '../ports/opt-out-recorder.js';

const MAX_REASON = 500;

/**
 * Hands a caller's opt-out to its recorder, behind the voice loop: the agent goes on talking
 * (a goodbye) while the suppression list is written. `reason`: the agent's, else the caller's words.
 */
export const recordOptOut = (recorder: OptOutRecorder | undefined, call: Call, reason: string | null, log: Logger): void => {
  const source = call.voiceMode === 'hosted' ? 'agent_tool' : 'webhook_answer';
  log.info({ source }, 'the caller opted out of further calls');
  recorder
    ?.record({ callId: call.id, source, reason: reason?.slice(0, MAX_REASON) ?? null })
    .catch((error: unknown) => log.error({ err: String(error) }, 'storing the caller’s opt-out failed'));
};
