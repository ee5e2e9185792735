import * as E from 'fp-ts/lib/Either.js';
import type { ScenarioSource } from '../../src/application/testing/scenario.js';
import { ScenarioCodec } from '../../src/adapters/rest/codecs/scenarios.js';

export const aHostedScenarioAgent = { name: 'Desk', voiceMode: 'hosted', systemPrompt: 'Answer briefly.', greeting: 'Hello, desk here.' } as const;

/** The answers a scripted hosted agent gives to {@link aScriptedScenario}'s caller, one a turn. */
export const scriptedAnswers = (turns: number): string[] => Array.from({ length: turns }, (_, turn) => `Answer ${turn + 1}.`);

/** A scenario as a file holds it: the caller asks `turns` questions of a hosted agent, which answers each. */
export const aScriptedScenario = (index: number, turns = 2) => ({
  name: `scripted ${index + 1}`,
  agent: aHostedScenarioAgent,
  caller: { script: Array.from({ length: turns }, (_, turn) => ({ say: `Question ${turn + 1} of caller ${index + 1}?` })) },
  expect: [{ said: { turn: 1, text: 'desk here' } }, { said: `Answer ${turns}` }, { turns: { min: 2 * turns + 1 } }],
});

/** {@link aScriptedScenario} decoded, as the runner holds it. */
export const aScriptedSource = (index: number, turns = 2): ScenarioSource => {
  const decoded = ScenarioCodec.decode(aScriptedScenario(index, turns));
  if (E.isLeft(decoded)) throw new Error('the scripted scenario does not decode');
  return { scenario: decoded.right, file: null };
};
