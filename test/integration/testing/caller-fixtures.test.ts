import { describe, expect, it } from 'vitest';
import { CALLER_FIXTURE_NAMES } from '../../../src/application/testing/caller-fixtures.js';
import { runScenario, runScenarios, ScenarioCodec, ScriptedLanguageModel, type ScenarioResult } from '../../../src/testing.js';

const hosted = { name: 'Outreach', voiceMode: 'hosted', systemPrompt: 'Call people back about their appointment.', greeting: 'Hello, this is Ana from Acme Dental.' };

const failures = (result: ScenarioResult) => [result.verdict, result.expectations.filter((e) => !e.passed).map((e) => e.message), result.error];

/** Each built-in caller, against an agent that handles it, on a scripted model. */
describe('built-in caller fixtures', () => {
  const tested: string[] = [];
  const run = async (fixture: string, scenario: Record<string, unknown>, answers: ConstructorParameters<typeof ScriptedLanguageModel>[0]) => {
    tested.push(fixture);
    return runScenario({ name: fixture, agent: hosted, caller: { fixture }, ...scenario }, { store: 'memory', model: new ScriptedLanguageModel(answers) });
  };

  it("carrier voicemail: the agent leaves its message after the beep", async () => {
    const result = await run('carrier-voicemail', { agent: { ...hosted, voicemailMessage: 'Hi, Acme Dental here, please call us back.' }, expect: [{ voicemail: 'call us back' }, { hungUp: { disconnectionReason: 'voicemail' } }] }, []);
    expect(failures(result)).toEqual(['passed', [], null]);
  });

  it("a person's own voicemail greeting: the agent leaves its message too", async () => {
    const result = await run('personal-voicemail', { agent: { ...hosted, voicemailMessage: 'Hi, Acme Dental here, please call us back.' }, expect: [{ voicemail: 'Acme Dental' }] }, []);
    expect(failures(result)).toEqual(['passed', [], null]);
  });

  it('call screening: the agent says who it is and why it calls', async () => {
    const result = await run('call-screening', { expect: [{ said: { pattern: 'Ana.*about your appointment' } }, { hungUp: { disconnectionReason: 'caller_hangup' } }] }, [
      "This is Ana from Acme Dental, calling about your appointment tomorrow.",
      'Thank you.',
    ]);
    expect(failures(result)).toEqual(['passed', [], null]);
    expect(result.transcript[1]).toMatch(/^caller: .*using a screening service/);
  });

  it('an IVR menu: the agent presses the option it needs', async () => {
    const result = await run('ivr-menu', { expect: [{ digitsSent: '2' }] }, [{ toolCalls: [{ name: 'press_digits', arguments: { digits: '2' } }] }, 'Hello, I am calling about an appointment.']);
    expect(failures(result)).toEqual(['passed', [], null]);
  });

  it('a silent caller: reprompted, then the silence limit ends the call', async () => {
    const result = await run('silent-caller', { agent: { ...hosted, maxSilenceMs: 60000 }, expect: [{ said: 'Are you still there?' }, { hungUp: { disconnectionReason: 'silence_timeout' } }] }, []);
    expect(failures(result)).toEqual(['passed', [], null]);
  });

  it('a person who texts STOP: the agent does not text again', async () => {
    const result = await run('texts-stop', { expect: [{ notSaid: { pattern: '.' } }] }, ['Thanks for your message!']);
    expect(failures(result)).toEqual(['passed', [], null]);
    expect(result.record?.texts).toEqual([{ direction: 'inbound', body: 'STOP' }]);
    // The same agent answers a text that is not an opt-out, so the silence above is the opt-out's.
    const hello = await runScenario({ name: 'hello', agent: hosted, contact: 'inbound_text', caller: { script: [{ text: 'Hello' }] }, expect: [{ replied: 'Thanks' }] }, { store: 'memory', model: new ScriptedLanguageModel(['Thanks for your message!']) });
    expect(failures(hello)).toEqual(['passed', [], null]);
  });

  it('a warm transfer nobody answers: the caller is back with the agent', async () => {
    const result = await run('unanswered-warm-transfer', { agent: { ...hosted, transferNumber: '+14155550199' }, expect: [{ transferred: { mode: 'warm' } }, { said: 'still here' }] }, [
      { toolCalls: [{ name: 'warm_transfer', arguments: { summary: 'Caller wants a person.' } }] },
      "Nobody picked up, but I'm still here to help.",
      'Goodbye.',
    ]);
    expect(failures(result)).toEqual(['passed', [], null]);
  });

  it('every fixture is tested here', () => {
    expect([...tested].sort()).toEqual([...CALLER_FIXTURE_NAMES].sort());
  });
});

describe('a fixture in a scenario file', () => {
  it('makes its own contact, and refuses a scenario that names another', () => {
    const decoded = ScenarioCodec.decode({ name: 'vm', agent: hosted, caller: { fixture: 'carrier-voicemail' }, expect: [{ voicemail: true }] });
    expect(decoded._tag === 'Right' && decoded.right.contact).toBe('outbound_call');
    const clash = ScenarioCodec.decode({ name: 'vm', agent: hosted, contact: 'inbound_call', caller: { fixture: 'carrier-voicemail' }, expect: [{ voicemail: true }] });
    expect(clash._tag).toBe('Left');
    const unknown = ScenarioCodec.decode({ name: 'vm', agent: hosted, caller: { fixture: 'fax-machine' }, expect: [{ voicemail: true }] });
    expect(unknown._tag).toBe('Left');
  });
});

describe('scenarios that share a stage', () => {
  it('keep apart: a STOP in one leaves the next one\'s caller free to be answered', async () => {
    const summary = await runScenarios(
      [
        { name: 'stop', agent: hosted, caller: { fixture: 'texts-stop' }, expect: [{ notSaid: { pattern: '.' } }] },
        { name: 'hello', agent: hosted, contact: 'inbound_text', caller: { script: [{ text: 'Hello' }] }, expect: [{ replied: 'Thanks' }] },
      ],
      // An answer for each text, whether or not the opt-out's is sent.
      { store: 'memory', model: new ScriptedLanguageModel(['Thanks for your message!', 'Thanks for your message!']) },
    );
    expect(summary.results.map(failures)).toEqual([['passed', [], null], ['passed', [], null]]);
  });
});
