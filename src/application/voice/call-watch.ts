import type { CallBehaviour } from '../../domain/call-behaviour.js';
import type { CancelTimer, Timers } from '../ports/timers.js';

/** What the watch asks of its call when a limit is reached. */
export interface CallWatchHooks {
  /** The caller has been quiet for `idleRepromptMs`: say this. */
  reprompt(text: string): void;
  /** The caller has been quiet for `maxSilenceMs`. */
  silenceTimeout(): void;
  /** The call has lasted `maxDurationSeconds`. */
  maxDuration(): void;
}

/** Roughly how long text-to-speech takes to say `text` (about 15 characters a second). */
export const speakingTimeMs = (text: string): number => Math.round((text.trim().length / 15) * 1000);

/**
 * The silence and length limits of one live call, on ONE pending timer at a time.
 *
 * Silence is caller silence after the agent finished speaking. ConversationRelay reports the
 * end of the agent's playback (`info` `agentSpeaking: off`, with `debug="speaker-events"`),
 * which {@link agentStoppedSpeaking} takes as the truth; until it arrives (and on carriers
 * without it) the end of speech is estimated as "last text sent + {@link speakingTimeMs}".
 * While the caller talks or the agent prepares an answer, silence is not counted.
 *
 * Activity never touches the timer: deadlines only move later on activity, so the pending
 * timer fires early, finds nothing due and re-arms for the new deadline. An idle call thus
 * costs one timer and nothing else; a talking one, nothing per frame.
 */
export class CallWatch {
  /** Since when the caller has been silent (ms); null while the caller or the agent is busy. */
  private silentSince: number | null;
  /** The next re-prompt is due `idleRepromptMs` after this. */
  private promptBase: number;
  private prompts = 0;
  private readonly endsAt: number;
  private timer: CancelTimer | null = null;
  private timerAt = Number.POSITIVE_INFINITY;
  private stopped = false;

  constructor(
    private readonly behaviour: CallBehaviour,
    private readonly timers: Timers,
    private readonly hooks: CallWatchHooks,
    /** How long the call has lasted already (a session opened again after a warm transfer failed). */
    elapsedMs = 0,
  ) {
    const now = timers.now();
    this.endsAt = now + behaviour.maxDurationSeconds * 1000 - Math.max(0, elapsedMs);
    this.silentSince = now;
    this.promptBase = now;
    this.arm();
  }

  /** The caller spoke, pressed a key or cut in: silence stops counting until the agent has answered. */
  activity(): void {
    this.silentSince = null;
    this.prompts = 0;
  }

  /** The agent sent its last words of a turn (`text`): silence counts from when they will have been spoken. */
  agentFinished(text: string): void {
    if (this.stopped) return;
    const spokenBy = this.timers.now() + speakingTimeMs(text);
    this.silentSince = spokenBy;
    this.promptBase = spokenBy;
    this.arm();
  }

  /** The carrier says the agent's playback ended: silence counts from now. */
  agentStoppedSpeaking(): void {
    if (this.stopped || this.silentSince === null) return;
    const now = this.timers.now();
    if (this.silentSince > now) this.silentSince = now;
    if (this.promptBase > now) this.promptBase = now;
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    this.timer?.();
    this.timer = null;
  }

  private repromptsOn(): boolean {
    return this.behaviour.idleMessages.length > 0 && this.behaviour.idleRepromptMs < this.behaviour.maxSilenceMs;
  }

  private nextDue(): number {
    if (this.silentSince === null) return this.endsAt;
    const hangUpAt = this.silentSince + this.behaviour.maxSilenceMs;
    const promptAt = this.repromptsOn() ? this.promptBase + this.behaviour.idleRepromptMs : Number.POSITIVE_INFINITY;
    return Math.min(this.endsAt, hangUpAt, promptAt);
  }

  /** Makes sure a timer fires no later than the next deadline (an earlier one is kept: it re-arms). */
  private arm(): void {
    if (this.stopped) return;
    const due = this.nextDue();
    if (this.timer && this.timerAt <= due) return;
    this.timer?.();
    this.timerAt = due;
    this.timer = this.timers.after(due - this.timers.now(), () => this.fire());
  }

  private fire(): void {
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
    if (this.stopped) return;
    // A millisecond of slack: timers may fire a hair before the monotonic clock reaches the deadline.
    const now = this.timers.now() + 1;
    if (now >= this.endsAt) {
      this.stop();
      this.hooks.maxDuration();
      return;
    }
    if (this.silentSince !== null && now >= this.silentSince + this.behaviour.maxSilenceMs) {
      this.stop();
      this.hooks.silenceTimeout();
      return;
    }
    if (this.silentSince !== null && this.repromptsOn() && now >= this.promptBase + this.behaviour.idleRepromptMs) {
      const messages = this.behaviour.idleMessages;
      const text = messages[this.prompts % messages.length]!;
      this.prompts += 1;
      this.promptBase = this.timers.now() + speakingTimeMs(text);
      this.hooks.reprompt(text);
    }
    this.arm();
  }
}
