import { InProcessEventBus } from '../../src/adapters/in-process/in-process-event-bus.js';
import { TimeSortableIdGenerator } from '../../src/adapters/node-crypto/time-sortable-id-generator.js';
import { silentLogger } from '../../src/adapters/pino/pino-logger.js';
import { FixedClock } from '../../src/adapters/system/fixed-clock.js';
import type { UnitOfWork } from '../../src/application/ports/unit-of-work.js';
import type { AgentBrain } from '../../src/application/ports/agent-brain.js';
import { BoundedCallMemo } from '../../src/application/kernel/bounded-call-memo.js';
import { CallRecordWriter } from '../../src/application/voice/call-record-writer.js';
import { VoiceSessionEngine, type VoiceSessionEngineDeps } from '../../src/application/voice/voice-session-engine.js';
import { at } from './builders.js';

/**
 * A voice engine over `uow` whose every call is answered by `brain`, its monotonic clock given by
 * `now`, its records written at once (no batching window) and its wall clock fixed at `at(0)`.
 * `options` sets the engine's other knobs: its webhook's refresh window, and how many answer reads
 * and ended sessions its memos keep.
 */
export const aVoiceEngine = (
  uow: UnitOfWork,
  brain: AgentBrain,
  now: () => number,
  options: Partial<Pick<VoiceSessionEngineDeps, 'webhookRefreshMs'>> & { readonly endedKept?: number; readonly answeredKept?: number } = {},
): VoiceSessionEngine => {
  const { endedKept, answeredKept, ...knobs } = options;
  return new VoiceSessionEngine({
    uow,
    clock: new FixedClock(at(0)),
    ids: new TimeSortableIdGenerator(),
    logger: silentLogger(),
    writer: new CallRecordWriter({ uow, eventBus: new InProcessEventBus(), logger: silentLogger(), windowMs: 0 }),
    brains: { brainFor: () => brain },
    now,
    answerReads: new BoundedCallMemo(now, answeredKept),
    endedSessions: new BoundedCallMemo(now, endedKept),
    ...knobs,
  });
};
