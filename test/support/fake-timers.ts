/** The manual timers embedders get, under the name the tests use. */
export { ManualTimers as FakeTimers } from '../../src/adapters/system/manual-timers.js';
