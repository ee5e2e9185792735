import type { Clock } from '../../ports/clock.js';
import type { IdGenerator } from '../../ports/id-generator.js';
import type { UnitOfWork } from '../../ports/unit-of-work.js';

/** What nearly every use case needs: storage, time and ids. */
export interface CoreDeps {
  readonly uow: UnitOfWork;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}
