import { describe, expect, it } from 'vitest';
import { actionsOf, answerPartOf } from '../../../src/adapters/http/voice-answer.js';

describe(actionsOf.name, () => {
  it('reads text, interim, every digits alias, transfer and hang-up, in speaking order', () => {
    expect(actionsOf({ text: 'Hold on', interim: true })).toEqual([{ kind: 'say', text: 'Hold on', interim: true }]);
    expect(actionsOf({ digits: '1*#' })).toEqual([{ kind: 'digits', digits: '1*#' }]);
    expect(actionsOf({ press_digit: 5 })).toEqual([{ kind: 'digits', digits: '5' }]);
    expect(actionsOf({ dtmf: '#' })).toEqual([{ kind: 'digits', digits: '#' }]);
    expect(actionsOf({ text: 'Bye', action: 'hangup' })).toEqual([{ kind: 'say', text: 'Bye', interim: false }, { kind: 'hangup' }]);
    expect(actionsOf({ hangup: true })).toEqual([{ kind: 'hangup' }]);
    expect(actionsOf({ action: 'opt_out', reason: ' asked not to be called ', hangup: true })).toEqual([{ kind: 'opt_out', reason: 'asked not to be called' }, { kind: 'hangup' }]);
    expect(actionsOf({ action: 'opt_out', reason: '' })).toEqual([{ kind: 'opt_out' }]);
    expect(actionsOf({ text: 'Connecting', action: 'transfer' })).toEqual([{ kind: 'say', text: 'Connecting', interim: false }, { kind: 'transfer' }]);
  });

  it('is silent on anything else', () => {
    expect(actionsOf('hello')).toEqual([]);
    expect(actionsOf({ digits: 'abc', text: '' })).toEqual([]);
    expect(actionsOf(null)).toEqual([]);
  });
});

describe(answerPartOf.name, () => {
  it('reads a line of an answer as its actions', () => {
    expect(answerPartOf('{"text":"One moment","interim":true}\r')).toEqual({ kind: 'actions', actions: [{ kind: 'say', text: 'One moment', interim: true }] });
    expect(answerPartOf('[{"text":"Bye"},{"hangup":true}]')).toEqual({
      kind: 'actions',
      actions: [{ kind: 'say', text: 'Bye', interim: false }, { kind: 'hangup' }],
    });
  });

  it('keeps the keys that fit when others do not', () => {
    expect(answerPartOf('{"text":"Pressing","digits":"12ab","dtmf":9,"action":"dance","interim":"yes"}')).toEqual({
      kind: 'actions',
      actions: [{ kind: 'say', text: 'Pressing', interim: false }, { kind: 'digits', digits: '9' }],
    });
  });

  it('tells garbage apart, skips blank lines, and never throws', () => {
    expect(answerPartOf('   ')).toBeNull();
    expect(answerPartOf('<html>oops</html>')).toEqual({ kind: 'unreadable', reason: 'not JSON: <html>oops</html>' });
    expect(answerPartOf('{"text":')).toEqual({ kind: 'unreadable', reason: 'not JSON: {"text":' });
    expect(answerPartOf('"hello"')).toEqual({ kind: 'unreadable', reason: 'not an answer object: "hello"' });
    expect(answerPartOf('null')).toEqual({ kind: 'unreadable', reason: 'not an answer object: null' });
  });
});
