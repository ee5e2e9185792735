import type * as E from 'fp-ts/lib/Either.js';
import type { TranscriptTurn } from '../../domain/call.js';
import type { LanguageModel } from './language-model.js';

/**
 * A knowledge base of the project's, copied into a stage so the agent under test searches what
 * it searches in production: its documents' text, which the stage indexes into the same passages.
 */
export interface KnowledgeCopy {
  /** The project's id of it, which the agent's `knowledgeBaseIds` name. */
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly documents: readonly { readonly title: string; readonly content: string }[];
}

/** What the stage needs of a scenario to set it up (the scenario itself is the testing concern's). */
export interface StageSetup {
  readonly agent:
    | { readonly kind: 'existing'; readonly id: string }
    | {
        readonly kind: 'inline';
        readonly definition: Readonly<Record<string, unknown>>;
        readonly webhook: { readonly url: string; readonly secret: string | null; readonly timeoutSeconds: number | null } | null;
        /** Knowledge bases to make in the stage first; the definition's `knowledgeBaseIds` name them by their project ids. */
        readonly knowledge?: readonly KnowledgeCopy[];
      };
  readonly contact: 'inbound_call' | 'outbound_call' | 'web_call' | 'inbound_text';
  readonly variables: Readonly<Record<string, string>>;
  /** Custom tools answered on the stage, by name: no request leaves the machine. */
  readonly tools: Readonly<Record<string, { readonly kind: 'answer'; readonly json: unknown } | { readonly kind: 'error'; readonly status: number; readonly body: string } | { readonly kind: 'timeout' }>>;
  /** An outbound call picked up by a machine (its first step): detection tells so. */
  readonly answeredByMachine: boolean;
  /** The hosted agent's model for this scenario; null: the stage's own (the configured one). */
  readonly model: LanguageModel | null;
  /** The longest one step waits for the agent, in real milliseconds. */
  readonly stepTimeoutMs: number;
}

/** What became of one contact, read once it is over. */
export interface ContactRecord {
  readonly callId: string | null;
  /** The call's turns as stored (a text contact: none). */
  readonly transcript: readonly TranscriptTurn[];
  /** A text contact's messages, oldest first. */
  readonly texts: readonly { readonly direction: 'inbound' | 'outbound'; readonly body: string }[];
  readonly status: string | null;
  readonly disconnectionReason: string | null;
  readonly durationSeconds: number | null;
  readonly transfers: readonly { readonly to: string; readonly mode: 'cold' | 'warm' }[];
  readonly digitsSent: readonly string[];
  /** What the agent left on a machine before hanging up, if it did. */
  readonly voicemail: string | null;
  /** The post-call analysis: summary, userSentiment, callSuccessful and the extracted fields; null: none. */
  readonly analysis: Readonly<Record<string, unknown>> | null;
  /** Steps that did not go as a caller would expect (the agent never answered, the call was over). */
  readonly notes: readonly string[];
}

/**
 * One live contact with the agent under test, played from the caller's side. Each step resolves
 * once the agent has answered it (or the step's time ran out, which is noted in the record).
 */
export interface StagedContact {
  /** `wait` false: resolves once said, the agent still answering (an `interrupt` step follows). */
  say(text: string, wait?: boolean): Promise<void>;
  press(digits: string): Promise<void>;
  /** Waits until the agent has said `afterWords` words of its answer in flight, cuts in, then says `text`. */
  interrupt(afterWords: number, text: string): Promise<void>;
  /** Lets `seconds` pass on the simulated clock with the caller quiet. */
  silence(seconds: number): Promise<void>;
  hangUp(): Promise<void>;
  /** The machine's greeting ends (with a beep or not): the agent's voicemail, if any, follows. */
  machine(greeting: string, beep: boolean): Promise<void>;
  transfer(answer: boolean): Promise<void>;
  text(body: string): Promise<void>;
  /** What the agent said since the caller's last step (a simulated caller reads it). */
  agentSaidSinceLastStep(): string;
  /** The contact is over (hung up, transferred, ended by a limit). */
  readonly ended: boolean;
  /** Ends the contact if it is still live (the caller hangs up), waits for its records, and reads them. */
  finish(): Promise<ContactRecord>;
}

/** A set-up the stage refused: the agent, its webhook or the contact could not be made. */
export interface StageRefusal {
  readonly _tag: 'StageRefused';
  readonly message: string;
}

/**
 * Where scenarios run: a Switchboard (in process, or a server) on the simulated carrier and the
 * simulated clock. One contact at a time per stage; several stages run side by side.
 */
export interface ScenarioStage {
  open(setup: StageSetup): Promise<E.Either<StageRefusal, StagedContact>>;
  close(): Promise<void>;
}
