import * as E from 'fp-ts/lib/Either.js';
import { parseMailbox } from '../adapters/rest/codecs/mailbox.js';
import type { UseCases } from '../application/use-cases/index.js';

/**
 * `create-project --email <addr> [--name <label>]`: the operator opens a project directly. The
 * address is read as strictly as self-signup reads it, so the operator cannot open a second
 * project for a mailbox under another spelling either. Bad arguments throw at once (before
 * anything is started); the returned run resolves to the text to print, or rejects with a
 * message for the operator.
 */
export const createProjectCommand = (args: { readonly email?: string; readonly name?: string }) => {
  if (!args.email) throw new Error('create-project needs --email <address>');
  const email = parseMailbox(args.email);
  if (E.isLeft(email)) throw new Error(`--email ${email.left}`);
  return async (useCases: () => UseCases): Promise<string> => {
    const created = await useCases().projects.createProject.execute({ email: email.right, name: args.name })();
    if (E.isLeft(created)) throw new Error(`could not create the project: ${created.left.message}`);
    const { project, apiKey } = created.right;
    return `project ${project.id} for ${project.email}\nAPI key (shown once, keep it safe): ${apiKey.clear}`;
  };
};
