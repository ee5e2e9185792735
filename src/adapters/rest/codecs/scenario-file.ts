import type { Bounds, CallerStep, Expectation, Scenario, TextMatch, ToolStub } from '../../../application/testing/scenario.js';

type FileValue = Readonly<Record<string, unknown>>;

const textMatch = (match: TextMatch): unknown => (match.kind === 'text' ? match.text : { pattern: match.pattern });

const bounds = (b: Bounds): FileValue => ({ ...(b.min === null ? {} : { min: b.min }), ...(b.max === null ? {} : { max: b.max }) });

const step = (s: CallerStep): FileValue => {
  switch (s.kind) {
    case 'say':
      return { say: s.text };
    case 'press':
      return { press: s.digits };
    case 'silence':
      return { silence: s.seconds };
    case 'interrupt':
      return { interrupt: { say: s.text, afterWords: s.afterWords } };
    case 'hang_up':
      return { hangUp: true };
    case 'machine':
      return { machine: { greeting: s.greeting, beep: s.beep } };
    case 'transfer':
      return { transfer: s.answer ? 'answer' : 'refuse' };
    case 'text':
      return { text: s.body };
  }
};

const expectation = (e: Expectation): FileValue => {
  switch (e.kind) {
    case 'said':
      return e.turn === null ? { said: textMatch(e.match) } : { said: { turn: e.turn, ...(e.match.kind === 'text' ? { text: e.match.text } : { pattern: e.match.pattern }) } };
    case 'not_said':
      return { notSaid: textMatch(e.match) };
    case 'tool_called':
      return { toolCalled: e.arguments === null ? e.name : { name: e.name, arguments: e.arguments } };
    case 'transferred':
      return { transferred: { ...(e.to === null ? {} : { to: e.to }), ...(e.mode === null ? {} : { mode: e.mode }) } };
    case 'hung_up':
      return { hungUp: e.disconnectionReason === null ? true : { disconnectionReason: e.disconnectionReason } };
    case 'voicemail':
      return { voicemail: e.match === null ? true : textMatch(e.match) };
    case 'digits_sent':
      return { digitsSent: e.digits };
    case 'analysis':
      return { analysis: { [e.field]: e.match === null ? e.equals : textMatch(e.match) } };
    case 'turns':
      return { turns: bounds(e.bounds) };
    case 'duration_seconds':
      return { durationSeconds: bounds(e.bounds) };
    case 'answer_latency_ms':
      return { answerLatencyMs: bounds(e.bounds) };
    case 'replied':
      return { replied: e.match === null ? true : textMatch(e.match) };
    case 'judged':
      return { judged: e.criterion };
  }
};

const toolStub = (stub: ToolStub): unknown => (stub.kind === 'answer' ? { answer: stub.json } : stub.kind === 'error' ? { error: { status: stub.status, body: stub.body } } : { timeout: true });

const webhookOf = (webhook: { readonly url: string; readonly secret: string | null; readonly timeoutSeconds: number | null }): FileValue => ({
  url: webhook.url,
  ...(webhook.secret === null ? {} : { secret: webhook.secret }),
  ...(webhook.timeoutSeconds === null ? {} : { timeout: webhook.timeoutSeconds }),
});

/**
 * A scenario as a scenario file holds it (what `ScenarioCodec` decodes back to the same
 * scenario): the body of `POST /v1/calls/{id}/scenario`, and what `switchboard test record` writes.
 */
export const scenarioFile = (scenario: Scenario): FileValue => ({
  name: scenario.name,
  agent: scenario.agent.kind === 'existing' ? { id: scenario.agent.id } : { ...scenario.agent.definition, ...(scenario.agent.webhook ? { webhook: webhookOf(scenario.agent.webhook) } : {}) },
  contact: scenario.contact,
  ...(Object.keys(scenario.variables).length === 0 ? {} : { variables: scenario.variables }),
  caller: scenario.caller.kind === 'script' ? { script: scenario.caller.steps.map(step) } : { simulated: { persona: scenario.caller.persona, goal: scenario.caller.goal, maxTurns: scenario.caller.maxTurns } },
  ...(Object.keys(scenario.tools).length === 0 ? {} : { tools: Object.fromEntries(Object.entries(scenario.tools).map(([name, stub]) => [name, toolStub(stub)])) }),
  expect: scenario.expect.map(expectation),
  stepTimeout: scenario.stepTimeoutSeconds,
});
