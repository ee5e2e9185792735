import type { VoiceMode } from '../../domain/agent.js';
import type { DisconnectionReason } from '../../domain/call.js';
import type { AnswerLatency, CallKind, DeliveryOutcome, ServiceActivity } from '../../application/ports/service-activity.js';

/** One report, as it was made. */
export type ActivityReport =
  | { readonly type: 'callConnected' | 'callDisconnected'; readonly kind: CallKind }
  | { readonly type: 'callEnded'; readonly kind: CallKind; readonly status: 'completed' | 'failed'; readonly reason: DisconnectionReason }
  | { readonly type: 'answered'; readonly mode: VoiceMode; readonly latency: AnswerLatency }
  | { readonly type: 'deliveryAttempted'; readonly outcome: DeliveryOutcome; readonly attempt: number }
  | { readonly type: 'texted'; readonly direction: 'inbound' | 'outbound' }
  | { readonly type: 'dialled'; readonly outcome: string }
  | { readonly type: 'rateLimited'; readonly rule: string };

/** Keeps every report in order, for a host's tests to read: what happened, with nothing exported. */
export class InMemoryServiceActivity implements ServiceActivity {
  readonly reports: ActivityReport[] = [];

  /** The reports of one type. */
  of<T extends ActivityReport['type']>(type: T): Extract<ActivityReport, { type: T }>[] {
    return this.reports.filter((report): report is Extract<ActivityReport, { type: T }> => report.type === type);
  }

  /** Sessions open now, of every kind. */
  get inProgress(): number {
    return this.of('callConnected').length - this.of('callDisconnected').length;
  }

  callConnected(kind: CallKind): void {
    this.reports.push({ type: 'callConnected', kind });
  }

  callDisconnected(kind: CallKind): void {
    this.reports.push({ type: 'callDisconnected', kind });
  }

  callEnded(kind: CallKind, status: 'completed' | 'failed', reason: DisconnectionReason): void {
    this.reports.push({ type: 'callEnded', kind, status, reason });
  }

  answered(mode: VoiceMode, latency: AnswerLatency): void {
    this.reports.push({ type: 'answered', mode, latency });
  }

  deliveryAttempted(outcome: DeliveryOutcome, attempt: number): void {
    this.reports.push({ type: 'deliveryAttempted', outcome, attempt });
  }

  texted(direction: 'inbound' | 'outbound'): void {
    this.reports.push({ type: 'texted', direction });
  }

  dialled(outcome: string): void {
    this.reports.push({ type: 'dialled', outcome });
  }

  rateLimited(rule: string): void {
    this.reports.push({ type: 'rateLimited', rule });
  }
}
