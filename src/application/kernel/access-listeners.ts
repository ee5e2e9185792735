import type { AccessEvent } from '../ports/event-bus.js';
import type { Logger } from '../ports/logger.js';
import { BroadcastListeners } from './broadcast-listeners.js';

/** The subscribers of access events, as every EventBus adapter keeps them. */
export class AccessListeners extends BroadcastListeners<AccessEvent> {
  constructor(logger?: Logger) {
    super('access', logger);
  }
}
