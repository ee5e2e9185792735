import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { changeOutboundSettings, type AttemptCap, type CallingWindow, type OutboundSettings } from '../../../domain/outbound-settings.js';
import type { Project } from '../../../domain/project.js';
import { fromDomain, notFound, validation, type NotFound, type Validation } from '../../errors.js';
import type { TimeZoneCalendar } from '../../ports/time-zones.js';
import type { CoreDeps } from '../common/deps.js';
import { inForce, type OutboundSettingsDeps, type OutboundSettingsInForce } from './outbound-settings-in-force.js';

/** A change: a field given replaces the project's own; `'node_default'` goes back to the node's setting. */
export interface OutboundSettingsChange {
  readonly attemptCap?: AttemptCap | null | 'node_default';
  readonly callingWindow?: CallingWindow | null;
  readonly recordingDisclosure?: string | null | 'node_default';
}

/** The project's own settings without those going back to the node's. */
const withoutNodeDefaults = (own: OutboundSettings, changes: OutboundSettingsChange): OutboundSettings => {
  const { attemptCap, recordingDisclosure, ...rest } = own;
  return {
    ...rest,
    ...(attemptCap !== undefined && changes.attemptCap !== 'node_default' ? { attemptCap } : {}),
    ...(recordingDisclosure !== undefined && changes.recordingDisclosure !== 'node_default' ? { recordingDisclosure } : {}),
  };
};

export type SetOutboundSettingsError = NotFound | Validation;

/** The project sets its own attempt cap, default calling window or recording disclosure, under its row's lock. */
export class SetOutboundSettings {
  constructor(private readonly deps: Pick<CoreDeps, 'uow' | 'clock'> & OutboundSettingsDeps & { readonly calendar: TimeZoneCalendar }) {}

  execute(input: { readonly projectId: string; readonly changes: OutboundSettingsChange }): TE.TaskEither<SetOutboundSettingsError, OutboundSettingsInForce> {
    const { uow, clock, calendar } = this.deps;
    const { attemptCap, callingWindow, recordingDisclosure } = input.changes;
    return () =>
      uow.transaction(async (tx): Promise<E.Either<SetOutboundSettingsError, OutboundSettingsInForce>> => {
        if (callingWindow && !calendar.isKnownZone(callingWindow.defaultTimeZone)) return E.left(validation('callingWindow.timeZone', 'is not a known IANA time zone'));
        const project = await tx.projects.lockById(input.projectId);
        if (!project) return E.left(notFound('project', input.projectId));
        const base = withoutNodeDefaults(project.outbound ?? {}, input.changes);
        const changes: OutboundSettings = {
          ...(attemptCap !== undefined && attemptCap !== 'node_default' ? { attemptCap } : {}),
          ...(callingWindow !== undefined ? { callingWindow } : {}),
          ...(recordingDisclosure !== undefined && recordingDisclosure !== 'node_default' ? { recordingDisclosure } : {}),
        };
        const next = changeOutboundSettings(base, changes);
        if (E.isLeft(next)) return E.left(fromDomain(next.left));
        const changed: Project = { ...project, outbound: next.right, updatedAt: clock.now() };
        await tx.projects.save(changed);
        return E.right(inForce(changed, this.deps));
      });
  }
}
