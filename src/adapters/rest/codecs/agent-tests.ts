import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { AgentTestInput } from '../../../application/use-cases/agent-tests/agent-test-document.js';
import { AGENT_TEST_LIMITS } from '../../../domain/agent-test.js';
import { pageQuery } from '../pagination.js';
import { describedAs, describedWith } from './described.js';
import { ScenarioCodec } from './scenarios.js';
import { idText } from './text.js';

/** Where a test's agent goes while its scenario is decoded: it is always the path's agent. */
const PATH_AGENT = { id: 'path-agent' };

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === 'object' && u !== null && !Array.isArray(u);

/**
 * A scenario (the scenario files' format, docs/testing.md) without its `agent`: a test belongs
 * to the agent of its path. Decoded whole, so a scenario that would not run is refused here.
 */
export const AgentTestBody = describedWith(
  new t.Type<AgentTestInput, unknown, unknown>(
    'AgentTest',
    (u): u is AgentTestInput => false,
    (u, c) => {
      if (!isRecord(u)) return t.failure(u, c, 'must be a scenario object');
      if ('agent' in u) return t.failure(u.agent, [...c, { key: 'agent', type: t.unknown, actual: u.agent }], "is the path's agent: leave it out");
      return E.map((scenario: { name: string }): AgentTestInput => ({ name: scenario.name, scenario: u }))(ScenarioCodec.validate({ ...u, agent: PATH_AGENT }, c));
    },
    t.identity,
  ),
  (describe) => {
    const scenario = describe(ScenarioCodec) as { properties: Record<string, unknown>; required: string[] };
    const { agent: _agent, ...properties } = scenario.properties;
    return { ...scenario, properties, required: scenario.required.filter((k) => k !== 'agent'), title: 'AgentTest', description: "A scenario test of the path's agent (docs/testing.md), without `agent`." };
  },
);

const testIds = describedAs(
  t.refinement(t.array(idText), (ids) => ids.length >= 1 && ids.length <= AGENT_TEST_LIMITS.testsPerRun, `1 to ${AGENT_TEST_LIMITS.testsPerRun} test ids`),
  { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: AGENT_TEST_LIMITS.testsPerRun },
);

const seed = describedAs(t.refinement(t.number, (n) => Number.isInteger(n) && n >= 0 && n <= 0x7fffffff, 'seed'), { type: 'integer', minimum: 0, maximum: 0x7fffffff });

/** The agent whose tests run, and (optionally) which of them and the seed a run replays. */
export const StartTestRunBody = t.intersection([t.type({ agentId: idText }), t.partial({ testIds, seed })]);

export const AGENT_TEST_PAGE = pageQuery({ defaultLimit: 20, maxLimit: 100 });
export const TestRunListQuery = t.intersection([AGENT_TEST_PAGE, t.partial({ agentId: idText })]);
