import type { SignUp } from '../../../domain/sign-up.js';
import { SIGN_UP_TTL_MS } from '../../../domain/sign-up.js';
import type { OutgoingMail } from '../../ports/mailer.js';

/** The e-mail that carries a sign-up's one-time code. The code is in the body only, never the subject. */
export const signUpCodeMail = (signUp: SignUp, code: string): OutgoingMail => {
  const minutes = Math.round(SIGN_UP_TTL_MS / 60_000);
  const requester = signUp.agentName ? `An AI agent ("${signUp.agentName}")` : 'An AI agent';
  return {
    to: signUp.email,
    subject: 'Your Switchboard verification code',
    text: [
      `${requester} asked to open a Switchboard account for ${signUp.email}.`,
      '',
      `Your verification code is ${code}`,
      '',
      `It expires in ${minutes} minutes. Give it to the agent to finish the sign-up.`,
      'If you did not ask for this, ignore this e-mail: nothing is created without the code.',
    ].join('\n'),
  };
};
