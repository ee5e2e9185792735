import { AgentPhoneError } from 'agentphone';

/** The error the `agentphone` client throws for a non-2xx answer; fails when the call succeeds. */
export const failureOf = async (promise: Promise<unknown>): Promise<AgentPhoneError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AgentPhoneError) return error;
    throw error;
  }
  throw new Error('expected the client to throw');
};
