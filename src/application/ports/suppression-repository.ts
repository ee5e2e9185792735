import type { E164 } from '../../domain/e164.js';
import type { OutboundChannel, Suppression, SuppressionChannel } from '../../domain/suppression.js';
import type { Page, PageRequest } from './pagination.js';

/** Part of `Repositories` (as `suppressions`): the project's one suppression list. */
export interface SuppressionRepository {
  /**
   * Puts the number on the list for the channel unless it is there already (then the first
   * entry is kept as it was); answers whether it was added. One statement: safe beside a race.
   */
  add(suppression: Suppression): Promise<boolean>;
  /** Takes the number off for the channel (null: every channel); answers the entries removed. */
  remove(projectId: string, phoneNumber: E164, channel: SuppressionChannel | null): Promise<readonly Suppression[]>;
  /** Takes off the number's entries put there by one source (an opt-in keyword undoes only its keyword's opt-out). */
  removeBySource(projectId: string, phoneNumber: E164, source: Suppression['source']): Promise<readonly Suppression[]>;
  /** Of these numbers, the ones an entry stops on this channel, in no particular order, in one read. */
  findSuppressed(projectId: string, phoneNumbers: readonly E164[], channel: OutboundChannel): Promise<readonly E164[]>;
  /** Newest first, ties by number then channel. */
  list(projectId: string, page: PageRequest): Promise<Page<Suppression>>;
}
