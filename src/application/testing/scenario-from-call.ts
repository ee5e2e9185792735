import type { Call, TranscriptTurn } from '../../domain/call.js';
import { CALL_BEHAVIOUR_LIMITS } from '../../domain/call-behaviour.js';
import type { CallerStep, ContactKind, Expectation, Scenario } from './scenario.js';

/** Hosted agents' built-in tools whose calls say what became of the call. */
const WARM_TRANSFER = 'warm_transfer';
const COLD_TRANSFER = 'transfer_call';
const PRESS_DIGITS = 'press_digits';

/** A pause shorter than the shortest reprompt an agent may set changes nothing, so it is not replayed. */
const SILENCE_THAT_MATTERS_MS = CALL_BEHAVIOUR_LIMITS.idleRepromptMs.min;

const PRESSED = /^\[pressed (.+)\]$/;

const contactOf = (call: Call): ContactKind => (call.type === 'web' ? 'web_call' : call.direction === 'outbound' ? 'outbound_call' : 'inbound_call');

const words = (text: string): number => text.split(/\s+/).filter((w) => w !== '').length;

const tenths = (ms: number): number => Math.floor(ms / 100) / 10;

/**
 * The caller's side of a call, as steps: their words (an interruption where they cut the agent
 * off), their keys, the pauses long enough for the agent to notice, a warm transfer's outcome,
 * and their hang-up.
 */
const callerSteps = (call: Call, transcript: readonly TranscriptTurn[]): CallerStep[] => {
  const steps: CallerStep[] = [];
  // When the caller's last step was answered: a pause is counted from there.
  let answeredAt = call.startedAt.getTime();
  let waitingForAnswer = true;
  const pauseUntil = (at: number) => {
    const gap = at - answeredAt;
    if (gap >= SILENCE_THAT_MATTERS_MS) steps.push({ kind: 'silence', seconds: tenths(gap) });
  };
  transcript.forEach((turn, index) => {
    if (turn.role === 'agent' && waitingForAnswer) {
      answeredAt = turn.createdAt.getTime();
      waitingForAnswer = false;
    }
    if (turn.role === 'tool_call' && turn.tool?.name === WARM_TRANSFER) {
      const answered = call.disconnectionReason === 'transfer' && !transcript.slice(index + 1).some((later) => later.role === 'user');
      steps.push({ kind: 'transfer', answer: answered });
    }
    if (turn.role !== 'user') return;
    pauseUntil(turn.createdAt.getTime());
    const pressed = PRESSED.exec(turn.content);
    const previous = steps[steps.length - 1];
    if (pressed) {
      if (previous?.kind === 'press' && !waitingForAnswer) steps[steps.length - 1] = { kind: 'press', digits: previous.digits + pressed[1] };
      else steps.push({ kind: 'press', digits: pressed[1]! });
    } else {
      const cut = transcript.slice(0, index).reverse().find((before) => before.role === 'agent');
      steps.push(cut?.interrupted ? { kind: 'interrupt', text: turn.content, afterWords: Math.max(1, words(cut.content.replace(/\s*\[interrupted\]\s*$/, ''))) } : { kind: 'say', text: turn.content });
    }
    answeredAt = turn.createdAt.getTime();
    waitingForAnswer = true;
  });
  if (call.disconnectionReason === 'caller_hangup') {
    if (call.endedAt) pauseUntil(call.endedAt.getTime());
    steps.push({ kind: 'hang_up' });
  } else if (call.disconnectionReason === 'silence_timeout' && call.endedAt) {
    // Past the moment the limit struck: replayed to the boundary, the limit may just miss it.
    steps.push({ kind: 'silence', seconds: tenths(call.endedAt.getTime() - answeredAt) + 1 });
  }
  return steps;
};

const toolNames = (transcript: readonly TranscriptTurn[]): string[] => [...new Set(transcript.flatMap((turn) => (turn.role === 'tool_call' && turn.tool ? [turn.tool.name] : [])))];

const expectationsOf = (call: Call, transcript: readonly TranscriptTurn[]): Expectation[] => {
  const tools = toolNames(transcript);
  const transfer: Expectation[] =
    call.disconnectionReason === 'transfer' || tools.includes(WARM_TRANSFER)
      ? [{ kind: 'transferred', to: null, mode: tools.includes(WARM_TRANSFER) ? 'warm' : tools.includes(COLD_TRANSFER) ? 'cold' : null }]
      : [];
  const digits = transcript.flatMap((turn) => (turn.role === 'tool_call' && turn.tool?.name === PRESS_DIGITS && typeof turn.tool.arguments?.digits === 'string' ? [turn.tool.arguments.digits] : [])).join('');
  return [
    { kind: 'hung_up', disconnectionReason: call.disconnectionReason },
    ...transfer,
    ...tools.map((name): Expectation => ({ kind: 'tool_called', name, arguments: null })),
    ...(digits === '' ? [] : [{ kind: 'digits_sent', digits } as const]),
    ...(call.disconnectionReason === 'voicemail' ? [{ kind: 'voicemail', match: null } as const] : []),
  ];
};

/**
 * A regression scenario from an ended call: its caller replays what the real caller did, and it
 * expects what the call came to (who ended it and why, transfers, the tools called by name). The
 * agent is the call's, by id, so it runs against the server the call was made on.
 */
export const scenarioFromCall = (call: Call & { readonly agentId: string }, transcript: readonly TranscriptTurn[]): Scenario => {
  const contact = contactOf(call);
  const machine: CallerStep[] = call.disconnectionReason === 'voicemail' && contact === 'outbound_call' ? [{ kind: 'machine', greeting: 'Please leave a message after the tone.', beep: true }] : [];
  return {
    name: `replay of call ${call.id}`,
    agent: { kind: 'existing', id: call.agentId },
    contact,
    variables: contact === 'outbound_call' ? call.variables : {},
    caller: { kind: 'script', steps: [...machine, ...(machine.length > 0 ? [] : callerSteps(call, transcript))] },
    tools: {},
    expect: expectationsOf(call, transcript),
    stepTimeoutSeconds: 30,
  };
};
