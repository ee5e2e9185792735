import { describe, expect, it } from 'vitest';
import { runScenario, ScriptedLanguageModel } from '../../../src/testing.js';

const hosted = { name: 'Desk', voiceMode: 'hosted', systemPrompt: 'Help callers.', greeting: 'Hello, desk here.' };

/** The caller's steps beyond saying words, each on a hosted agent with a scripted model. */
describe('scenario caller steps', () => {
  it('a caller who cuts in keeps, as the agent\'s turn, only the words heard', async () => {
    const result = await runScenario(
      { name: 'interrupts', agent: hosted, caller: { script: [{ say: 'Tell me everything' }, { interrupt: { say: 'Just the hours', afterWords: 2 } }] }, expect: [{ said: 'Nine to five' }] },
      { store: 'memory', model: new ScriptedLanguageModel(['Well, there is a long story about our shop and its history.', 'Nine to five.']) },
    );
    expect(result.verdict).toBe('passed');
    expect(result.transcript).toEqual(['agent: Hello, desk here.', 'caller: Tell me everything', 'agent: Well, there [interrupted]', 'caller: Just the hours', 'agent: Nine to five.']);
  });

  it('a silent caller hears the reprompt, then the silence limit ends the call', async () => {
    const result = await runScenario(
      {
        name: 'goes quiet',
        agent: { ...hosted, idleRepromptMs: 5000, idleMessages: ['Are you still there?'], maxSilenceMs: 20000 },
        caller: { script: [{ silence: 6 }, { silence: 30 }] },
        expect: [{ said: 'Are you still there?' }, { hungUp: { disconnectionReason: 'silence_timeout' } }, { durationSeconds: { min: 20 } }],
      },
      { store: 'memory', model: new ScriptedLanguageModel([]) },
    );
    expect(result.expectations.filter((e) => !e.passed).map((e) => e.message)).toEqual([]);
    expect(result.verdict).toBe('passed');
  });

  it('an outbound call a machine answers gets the agent\'s voicemail', async () => {
    const result = await runScenario(
      {
        name: 'voicemail',
        agent: { ...hosted, voicemailMessage: 'Sorry we missed you, call us back.' },
        contact: 'outbound_call',
        caller: { script: [{ machine: { greeting: 'Leave a message after the beep.' } }] },
        expect: [{ voicemail: 'call us back' }, { hungUp: { disconnectionReason: 'voicemail' } }],
      },
      { store: 'memory', model: new ScriptedLanguageModel([]) },
    );
    expect(result.expectations.filter((e) => !e.passed).map((e) => e.message)).toEqual([]);
  });
});

describe('a warm transfer in a scenario', () => {
  const agent = { ...hosted, transferNumber: '+14155550199' };
  const warm = { toolCalls: [{ name: 'warm_transfer', arguments: { summary: 'Caller wants a refund.' } }] };

  it('ends as a transfer when the human answers', async () => {
    const result = await runScenario(
      { name: 'answered', agent, caller: { script: [{ say: 'A person please' }, { transfer: 'answer' }] }, expect: [{ transferred: { to: '+14155550199', mode: 'warm' } }] },
      { store: 'memory', model: new ScriptedLanguageModel([warm]) },
    );
    expect(result.expectations.filter((e) => !e.passed).map((e) => e.message)).toEqual([]);
    expect(result.record?.notes).toEqual([]);
  });

  it('brings the caller back to the agent when nobody answers', async () => {
    const result = await runScenario(
      { name: 'refused', agent, caller: { script: [{ say: 'A person please' }, { transfer: 'refuse' }, { say: 'Fine, bye' }] }, expect: [{ transferred: { mode: 'warm' } }, { said: 'Still here' }] },
      { store: 'memory', model: new ScriptedLanguageModel([warm, 'Still here to help.']) },
    );
    expect(result.expectations.filter((e) => !e.passed).map((e) => e.message)).toEqual([]);
  });
});
