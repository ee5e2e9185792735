import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { ContactRecord, StagedContact } from '../../application/ports/scenario-stage.js';
import type { TranscriptTurn, TurnRole } from '../../domain/call.js';
import { AnyAnswer, type ServerApi } from './server-api.js';

const nullableNumber = t.union([t.number, t.null]);
const Turn = t.intersection([
  t.type({ id: t.string, role: t.keyof({ user: null, agent: null, tool_call: null, tool_result: null }), content: t.string, createdAt: t.string }),
  t.partial({
    interrupted: t.boolean,
    tool: t.intersection([t.type({ toolCallId: t.string, name: t.string }), t.partial({ arguments: t.UnknownRecord })]),
    latency: t.type({ firstTokenMs: nullableNumber, firstTextMs: nullableNumber, toolMs: t.number }),
  }),
]);
export const CallDetail = t.type({
  id: t.string,
  status: t.string,
  disconnectionReason: t.union([t.string, t.null]),
  durationSeconds: nullableNumber,
  transcript: t.array(Turn),
  analysis: t.union([t.null, t.partial({ status: t.string, summary: t.unknown, userSentiment: t.unknown, callSuccessful: t.unknown, extracted: t.union([t.UnknownRecord, t.null]) })]),
});
const CarrierActions = t.type({
  digitsSent: t.array(t.string),
  transfers: t.array(t.type({ to: t.string, mode: t.keyof({ cold: null, warm: null }) })),
  voicemail: t.union([t.string, t.null]),
});
const Messages = t.type({ data: t.array(t.type({ id: t.string, body: t.string, direction: t.string })) });

const toTurn = (callId: string) => (turn: t.TypeOf<typeof Turn>, sequence: number): TranscriptTurn => ({
  id: turn.id,
  callId,
  role: turn.role as TurnRole,
  content: turn.content,
  createdAt: new Date(turn.createdAt),
  interrupted: turn.interrupted === true,
  sequence,
  ...(turn.tool ? { tool: { toolCallId: turn.tool.toolCallId, name: turn.tool.name, ...(turn.tool.arguments ? { arguments: turn.tool.arguments } : {}) } } : {}),
  ...(turn.latency ? { latency: turn.latency } : {}),
});

export interface ServerContactParts {
  readonly api: ServerApi;
  /** The agent's number (for texts), and the caller's. */
  readonly numberId: string;
  readonly caller: string;
  readonly stepTimeoutMs: number;
  /** Undoes what the stage made for this contact (its agent, its number). */
  readonly cleanUp: () => Promise<void>;
}

/** Thrown by a step a running server cannot play: the scenario errs with why. */
class NotOnAServer extends Error {}

/**
 * A contact with an agent on a running server, played through its REST API and the simulated
 * carrier's controls (`/playground/simulated/…`). The server keeps its own clock, so a silence
 * lasts as long as it says.
 */
export class ServerContact implements StagedContact {
  private readonly notes: string[] = [];
  private readonly texts: { direction: 'inbound' | 'outbound'; body: string }[] = [];
  private seenTexts = new Set<string>();
  private conversationId: string | null = null;
  private over = false;
  private lastSaid = '';
  private step = 0;

  constructor(
    private readonly parts: ServerContactParts,
    /** Null for a text contact. */
    private readonly callId: string | null,
  ) {}

  get ended(): boolean {
    return this.over;
  }

  private async act(what: string, path: string, body?: unknown): Promise<void> {
    this.step += 1;
    if (this.over) {
      this.notes.push(`step ${this.step} (${what}) was not played: the call was over`);
      return;
    }
    const done = await this.parts.api.call('POST', `/playground/simulated/calls/${this.callId}${path}`, AnyAnswer, body);
    if (E.isLeft(done)) this.notes.push(`step ${this.step} (${what}): ${done.left}`);
    await this.refresh();
  }

  /** Reads the call: whether it is over, and what the agent said since the caller's last step. */
  private async refresh(): Promise<void> {
    const read = await this.parts.api.call('GET', `/v1/calls/${this.callId}`, CallDetail);
    if (E.isLeft(read)) return;
    this.over = read.right.status !== 'in-progress';
    const transcript = read.right.transcript;
    const lastCaller = transcript.map((turn) => turn.role).lastIndexOf('user');
    this.lastSaid = transcript.slice(lastCaller + 1).filter((turn) => turn.role === 'agent').map((turn) => turn.content).join(' ');
  }

  say(text: string): Promise<void> {
    return this.act(`say "${text}"`, '/say', { text, waitForAnswer: true });
  }

  press(digits: string): Promise<void> {
    return this.act(`press ${digits}`, '/press', { digits, waitForAnswer: true });
  }

  async interrupt(): Promise<void> {
    throw new NotOnAServer('an interrupt step needs the in-process stage: a server does not take the caller cutting in');
  }

  async silence(seconds: number): Promise<void> {
    this.step += 1;
    // Real time: the server's reprompts and silence limit run on its own clock.
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    await this.refresh();
  }

  hangUp(): Promise<void> {
    return this.act('hang up', '/hang-up');
  }

  async machine(): Promise<void> {
    // The stage answered as a machine: the agent's voicemail (or hang-up) follows.
    this.step += 1;
    await this.untilEnded();
  }

  async transfer(): Promise<void> {
    throw new NotOnAServer('a transfer step needs the in-process stage: a server does not play the human a warm transfer rings');
  }

  async text(body: string): Promise<void> {
    this.step += 1;
    this.texts.push({ direction: 'inbound', body });
    const sent = await this.parts.api.call('POST', '/playground/simulated/texts', t.type({ messageId: t.string, conversationId: t.string }), { numberId: this.parts.numberId, from: this.parts.caller, body });
    if (E.isLeft(sent)) {
      this.notes.push(`step ${this.step} (text): ${sent.left}`);
      return;
    }
    this.seenTexts.add(sent.right.messageId);
    this.conversationId = sent.right.conversationId;
    // A reply is the agent's own (a hosted reply, or a webhook agent's call to the API): waited for, up to the step's time.
    const deadline = Date.now() + this.parts.stepTimeoutMs;
    this.lastSaid = '';
    while (Date.now() < deadline && !(await this.readReplies())) await new Promise((resolve) => setTimeout(resolve, 100));
  }

  /** Takes the replies not seen yet; true when there was one. */
  private async readReplies(): Promise<boolean> {
    const read = await this.parts.api.call('GET', `/v1/conversations/${this.conversationId}/messages`, Messages);
    if (E.isLeft(read)) return false;
    const fresh = read.right.data.filter((m) => !this.seenTexts.has(m.id)).reverse();
    for (const message of fresh) {
      this.seenTexts.add(message.id);
      if (message.direction === 'outbound') this.texts.push({ direction: 'outbound', body: message.body });
    }
    const replies = fresh.filter((m) => m.direction === 'outbound').map((m) => m.body);
    this.lastSaid = [this.lastSaid, ...replies].join(' ').trim();
    return replies.length > 0;
  }

  agentSaidSinceLastStep(): string {
    return this.lastSaid;
  }

  private async untilEnded(): Promise<t.TypeOf<typeof CallDetail> | null> {
    const timeout = Math.max(1, Math.ceil(this.parts.stepTimeoutMs / 1000));
    const read = await this.parts.api.call('GET', `/v1/calls/${this.callId}?wait=true&timeout=${timeout}`, CallDetail);
    if (E.isLeft(read)) {
      this.notes.push(`the call could not be read: ${read.left}`);
      return null;
    }
    this.over = read.right.status !== 'in-progress';
    return read.right;
  }

  async finish(): Promise<ContactRecord> {
    try {
      return await this.record();
    } finally {
      await this.parts.cleanUp();
    }
  }

  private async record(): Promise<ContactRecord> {
    const base = { texts: this.texts, notes: this.notes, digitsSent: [], transfers: [] };
    const callId = this.callId;
    if (callId === null) return { ...base, callId: null, transcript: [], status: null, disconnectionReason: null, durationSeconds: null, voicemail: null, analysis: null };
    if (!this.over) await this.parts.api.call('POST', `/playground/simulated/calls/${callId}/hang-up`, AnyAnswer);
    let call = await this.untilEnded();
    // A pending analysis is written after the call, off its path.
    const deadline = Date.now() + this.parts.stepTimeoutMs;
    while (call?.analysis?.status === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await this.parts.api.call('GET', `/v1/calls/${callId}`, CallDetail);
      call = E.isRight(again) ? again.right : call;
    }
    const actions = await this.parts.api.call('GET', `/playground/simulated/calls/${callId}`, CarrierActions);
    const seen = E.isRight(actions) ? actions.right : { digitsSent: [], transfers: [], voicemail: null };
    const analysis = call?.analysis && call.analysis.status === 'completed' ? { summary: call.analysis.summary, userSentiment: call.analysis.userSentiment, callSuccessful: call.analysis.callSuccessful, ...(call.analysis.extracted ?? {}) } : null;
    return {
      ...base,
      callId,
      transcript: call ? call.transcript.map(toTurn(callId)) : [],
      status: call?.status ?? null,
      disconnectionReason: call?.disconnectionReason ?? null,
      durationSeconds: call?.durationSeconds ?? null,
      digitsSent: seen.digitsSent,
      transfers: seen.transfers,
      voicemail: seen.voicemail,
      analysis,
    };
  }
}
