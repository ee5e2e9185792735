import { SignUpBody, VerifyBody } from '../../rest/codecs/signup.js';
import { asIs } from '../arguments.js';
import { outcome, output, tool, type AnyTool } from '../tool.js';

/** The two tools that need no key: an agent starts the account for its human, who reads it the code. */
export const signUpTools: readonly AnyTool[] = [
  tool({
    name: 'sign_up',
    title: 'Sign up for an account',
    description:
      "Start a new Switchboard account for your human: a 6-digit code is e-mailed to `human_email`. Ask the human for it, " +
      'then call verify_sign_up with the `verification_id` returned here. Needs no API key.',
    args: asIs(SignUpBody),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    access: 'public',
    run: (context, body) =>
      outcome(context.useCases.signUp.startSignUp.execute({ email: body.human_email, agentName: body.agent_name ?? null, clientIp: context.clientIp }), (signUp) =>
        output(
          `A 6-digit code was sent to ${signUp.email}. Ask the human for it and call verify_sign_up with verification_id ${signUp.id} before ${signUp.expiresAt.toISOString()}.`,
          { verification_id: signUp.id, human_email: signUp.email, expires_at: signUp.expiresAt.toISOString() },
        ),
      ),
  }),
  tool({
    name: 'verify_sign_up',
    title: 'Verify a sign-up',
    description:
      'Finish a sign-up with the code the human received: creates the account with an agent and a phone number, and returns ' +
      'its API key (shown once: keep it; use it as the bearer token of the MCP endpoint). Needs no API key.',
    args: asIs(VerifyBody),
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    access: 'public',
    run: (context, body) =>
      outcome(context.useCases.signUp.verifySignUp.execute({ verificationId: body.verification_id, code: body.otp_code, clientIp: context.clientIp }), (done) =>
        output(`Verified: account ${done.accountId} with agent ${done.agent.id} on ${done.number.phoneNumber}. The API key is in api_key; it is shown only once.`, {
          account_id: done.accountId,
          project_id: done.project.id,
          agent_id: done.agent.id,
          number_id: done.number.id,
          phone_number: done.number.phoneNumber,
          api_key: done.apiKey.clear,
        }),
      ),
  }),
];
