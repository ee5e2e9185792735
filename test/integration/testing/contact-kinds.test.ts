import { describe, expect, it } from 'vitest';
import { runScenario, ScriptedLanguageModel, type ScenarioResult } from '../../../src/testing.js';

const hosted = { name: 'Desk', voiceMode: 'hosted', systemPrompt: 'Help callers.', greeting: 'Hello, desk here.' };
const failures = (result: ScenarioResult) => [result.verdict, result.expectations.filter((e) => !e.passed).map((e) => e.message), result.error];

/** The contacts a scenario can make besides an inbound call (outbound calls: caller-steps.test.ts). */
describe('scenario contact kinds', () => {
  it('a web call: the browser caller hears the greeting, talks with the agent and hangs up', async () => {
    const result = await runScenario(
      { name: 'web', agent: hosted, contact: 'web_call', caller: { script: [{ say: 'Do you ship abroad?' }, { hangUp: true }] }, expect: [{ said: { turn: 1, text: 'desk here' } }, { said: 'we ship worldwide' }, { hungUp: { disconnectionReason: 'caller_hangup' } }] },
      { store: 'memory', model: new ScriptedLanguageModel(['Yes, we ship worldwide.']) },
    );
    expect(failures(result)).toEqual(['passed', [], null]);
    expect(result.transcript).toEqual(['agent: Hello, desk here.', 'caller: Do you ship abroad?', 'agent: Yes, we ship worldwide.']);
  });

  it('an inbound text: each text gets the agent\'s reply, and a reply expected but not given fails', async () => {
    const model = new ScriptedLanguageModel(['We open at nine.', 'You are welcome.']);
    const result = await runScenario(
      { name: 'texts', agent: hosted, contact: 'inbound_text', caller: { script: [{ text: 'When do you open?' }, { text: 'Thanks' }] }, expect: [{ replied: 'open at nine' }, { said: 'welcome' }, { replied: 'closed on Sundays' }] },
      { store: 'memory', model },
    );
    expect(failures(result)).toEqual(['failed', ['expected a text reply saying "closed on Sundays", but the replies were "We open at nine.", "You are welcome."'], null]);
    expect(result.record?.texts.map((t) => t.direction)).toEqual(['inbound', 'outbound', 'inbound', 'outbound']);
  });

  it('an inbound text scenario whose caller would speak errs: it can only text', async () => {
    const result = await runScenario({ name: 'speaks', agent: hosted, contact: 'inbound_text', caller: { script: [{ say: 'Hello?' }] }, expect: [{ replied: true }] }, { store: 'memory', model: new ScriptedLanguageModel([]) });
    expect([result.verdict, result.error]).toEqual(['errored', "step 1 (say): an inbound_text scenario's caller can only text"]);
  });
});
