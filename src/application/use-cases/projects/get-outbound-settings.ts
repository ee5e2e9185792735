import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { notFound, type NotFound } from '../../errors.js';
import type { CoreDeps } from '../common/deps.js';
import { inForce, type OutboundSettingsDeps, type OutboundSettingsInForce } from './outbound-settings-in-force.js';

export type GetOutboundSettingsError = NotFound;

/** The attempt cap, default calling window and recording disclosure the project's calls follow. */
export class GetOutboundSettings {
  constructor(private readonly deps: Pick<CoreDeps, 'uow'> & OutboundSettingsDeps) {}

  execute(input: { readonly projectId: string }): TE.TaskEither<GetOutboundSettingsError, OutboundSettingsInForce> {
    return () =>
      this.deps.uow.transaction(async (tx) => {
        const project = await tx.projects.findById(input.projectId);
        return project ? E.right(inForce(project, this.deps)) : E.left(notFound('project', input.projectId));
      });
  }
}

