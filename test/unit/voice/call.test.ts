import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { attachRecording, completeCall, failCall, startCall, type Call } from '../../../src/domain/call.js';
import { aCall } from '../../support/builders.js';

const started = new Date('2026-03-01T12:00:00.000Z');
const later = (s: number) => new Date(started.getTime() + s * 1000);

const CALL = aCall({ id: 'call_1', startedAt: started });

describe('Call', () => {
  it('completes once, measuring its duration, and never goes back', () => {
    const sut = completeCall(CALL, { now: later(61.4), reason: 'caller_hangup', lastWords: 'Bye now' });

    expect(sut).toEqual(E.right(expect.objectContaining({ status: 'completed', endedAt: later(61.4), durationSeconds: 61, disconnectionReason: 'caller_hangup', lastTranscriptSnippet: 'Bye now' })));
    const ended = (sut as E.Right<Call>).right;
    expect(completeCall(ended, { now: later(70), reason: 'agent_hangup' })).toEqual(E.left({ _tag: 'CallNotInProgress', callId: 'call_1', status: 'completed' }));
    expect(failCall(ended, { now: later(70), reason: 'error' })).toEqual(E.left({ _tag: 'CallNotInProgress', callId: 'call_1', status: 'completed' }));
  });

  it('fails with the carrier’s reason and its own duration', () => {
    const sut = failCall(CALL, { now: later(30), reason: 'no-answer', durationSeconds: 0 });

    expect(sut).toEqual(E.right(expect.objectContaining({ status: 'failed', disconnectionReason: 'no-answer', durationSeconds: 0 })));
  });

  it('keeps that a recording exists', () => {
    expect(attachRecording(CALL, 'https://rec/1')).toMatchObject({ recordingUrl: 'https://rec/1', recordingAvailable: true });
  });
});
