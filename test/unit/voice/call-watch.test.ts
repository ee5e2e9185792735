import { describe, expect, it } from 'vitest';
import { CallWatch, speakingTimeMs } from '../../../src/application/voice/call-watch.js';
import { DEFAULT_CALL_BEHAVIOUR, type CallBehaviour } from '../../../src/domain/call-behaviour.js';
import { FakeTimers } from '../../support/fake-timers.js';

const behaviour = (overrides: Partial<CallBehaviour> = {}): CallBehaviour => ({
  ...DEFAULT_CALL_BEHAVIOUR,
  maxSilenceMs: 30_000,
  idleRepromptMs: 10_000,
  idleMessages: ['Still there?'],
  ...overrides,
});

const aWatch = (overrides: Partial<CallBehaviour> = {}) => {
  const timers = new FakeTimers();
  const heard: string[] = [];
  const sut = new CallWatch(behaviour(overrides), timers, {
    reprompt: (text) => heard.push(`reprompt: ${text}`),
    silenceTimeout: () => heard.push('silence_timeout'),
    maxDuration: () => heard.push('max_duration'),
  });
  return { sut, timers, heard };
};

describe(CallWatch.name, () => {
  it('keeps at most one timer pending, however much the call talks', () => {
    const { sut, timers } = aWatch();
    const pending: number[] = [];

    for (let turn = 0; turn < 200; turn++) {
      sut.activity();
      sut.agentFinished('Sure, one moment please.');
      sut.agentStoppedSpeaking();
      timers.advance(1_000);
      pending.push(timers.scheduled);
    }

    expect(Math.max(...pending)).toBe(1);
  });

  it("counts silence from the carrier's end-of-speech report rather than the estimate", () => {
    const long = 'x'.repeat(300); // about 20 s of speech by the estimate
    const estimated = aWatch();
    const reported = aWatch();

    estimated.sut.agentFinished(long);
    reported.sut.agentFinished(long);
    reported.timers.advance(1_000);
    reported.sut.agentStoppedSpeaking();
    estimated.timers.advance(11_500);
    reported.timers.advance(10_500);

    expect(speakingTimeMs(long)).toBe(20_000);
    expect(estimated.heard).toEqual([]);
    expect(reported.heard).toEqual(['reprompt: Still there?']);
  });

  it('does not count silence while the caller talks or the agent prepares its answer, and stops for good when stopped', () => {
    const { sut, timers, heard } = aWatch({ maxDurationSeconds: 600 });
    sut.activity();
    timers.advance(120_000);
    const whileBusy = [...heard];
    sut.stop();
    timers.advance(600_000);

    expect(whileBusy).toEqual([]);
    expect(heard).toEqual([]);
    expect(timers.scheduled).toBe(0);
  });
});
