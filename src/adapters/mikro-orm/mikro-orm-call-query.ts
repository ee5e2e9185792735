import type { CallDetails } from '../../application/ports/call-repositories.js';
import type { CallQuery } from '../../application/queries/call-query.js';
import type { Call } from '../../domain/call.js';
import { toCallAnalysis } from './mikro-orm-call-analysis-repository.js';
import { toCall, toTurn } from './mikro-orm-call-repositories.js';
import type { ReadSession } from './read-session.js';
import { callDetails, callInAnyProject } from './read-statements/index.js';

export class MikroOrmCallQuery implements CallQuery {
  constructor(private readonly reads: ReadSession) {}

  async withDetails(projectId: string, callId: string): Promise<CallDetails | null> {
    const [row] = await this.reads.run(callDetails, { projectId, callId });
    if (row === undefined) return null;
    return {
      call: toCall(row.call),
      transcript: row.transcript.map(toTurn),
      recordingEnabled: row.recordingEnabled,
      analysis: row.analysis === null ? null : toCallAnalysis(row.analysis),
    };
  }

  async inAnyProject(callId: string): Promise<Call | null> {
    const [row] = await this.reads.run(callInAnyProject, { callId });
    return row === undefined ? null : toCall(row);
  }
}
