import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { createAgent, type Agent } from '../../../domain/agent.js';
import { credit } from '../../../domain/ledger.js';
import type { Cents } from '../../../domain/money.js';
import type { PhoneNumber } from '../../../domain/phone-number.js';
import { trustMailbox } from '../../../domain/mailbox.js';
import { accountIdOf, canProvisionNumber, newProject, type Project } from '../../../domain/project.js';
import { acceptsCode, completeSignUp, recordWrongCode, type SignUp } from '../../../domain/sign-up.js';
import {
  conflict,
  fromDomain,
  notFound,
  type CodeRefused,
  type Conflict,
  type InsufficientBalance,
  type NotFound,
  type NumberLimitReached,
  type RateLimited,
  type Validation,
} from '../../errors.js';
import type { Credentials } from '../../ports/credentials.js';
import type { RateLimiter, RateRule } from '../../ports/rate-limiter.js';
import type { Repositories } from '../../ports/repositories.js';
import type { NumberWebhooks, PurchasedNumber, Telephony } from '../../ports/telephony.js';
import { recordNumber, withPurchasedNumber, type PurchaseError, type RecordNumberError } from '../numbers/number-provisioning.js';
import { mintKeyFor, type IssuedApiKey } from '../api-keys/new-api-key.js';
import type { CoreDeps } from '../common/deps.js';
import { duplicateAsConflict } from '../common/uniqueness-races.js';
import { consumeAll } from './sign-up-limits.js';

export interface VerifySignUpInput {
  readonly verificationId: string;
  readonly code: string;
  /** The caller as the transport saw it (IPv6: its /64); null when unknown (then no per-client limit applies). */
  readonly clientIp: string | null;
}

export interface VerifiedSignUp {
  readonly accountId: string;
  readonly project: Project;
  readonly agent: Agent;
  readonly number: PhoneNumber;
  readonly apiKey: IssuedApiKey;
}

export interface VerifySignUpDeps extends CoreDeps {
  readonly credentials: Credentials;
  readonly telephony: Telephony;
  readonly webhooks: NumberWebhooks;
  readonly signupCredit: Cents;
  readonly numberMonthlyPrice: Cents;
  readonly rateLimiter: RateLimiter;
  /** Verification attempts per client: each sign-up allows a few wrong codes, and a client may start many. */
  readonly perIp: RateRule;
}

export const STARTER_AGENT_NAME = 'Starter agent';

const starterPrompt = (name: string) =>
  `You are ${name}, a friendly and concise phone assistant. Greet callers, find out what they need, ` +
  'answer briefly from what you know, and offer to take a message with their name and number when you cannot help. ' +
  'Never invent facts, prices or commitments.';

/** What the one unit of work that makes the account can refuse (the sign-up's own rules, which hold for a new project). */
type ProvisionError = NotFound | Conflict | NumberLimitReached | InsufficientBalance | Validation | RecordNumberError;

/** The code is refused, or the account cannot be made (taken meanwhile, or the carrier refused a number). */
export type VerifySignUpError = NotFound | CodeRefused | Conflict | RateLimited | PurchaseError | ProvisionError;

/**
 * Self-signup, step two. The code is checked (a wrong one is counted and committed on its
 * own); then a number is bought at the carrier and ONE unit of work creates the project with
 * its sign-up credit, the starter hosted agent, the number with its first-month charge and
 * the API key, and marks the sign-up verified. If that unit of work fails, none of it is
 * stored and the number is released at the carrier again.
 */
export class VerifySignUp {
  constructor(private readonly deps: VerifySignUpDeps) {}

  execute(input: VerifySignUpInput): TE.TaskEither<VerifySignUpError, VerifiedSignUp> {
    return async () => {
      if (input.clientIp !== null) {
        const limited = await consumeAll(this.deps.rateLimiter, [{ key: `ip:${input.clientIp}`, rule: this.deps.perIp }]);
        if (E.isLeft(limited)) return limited;
      }
      const checked = await this.deps.uow.transaction((tx) => this.checkCode(tx, input));
      if (E.isLeft(checked)) return checked;
      if (E.isLeft(checked.right)) return E.left(checked.right.left); // the wrong try is committed
      const signUp = checked.right.right;
      const takenMessage = `A project for ${signUp.email} already exists`;
      return withPurchasedNumber(this.deps, { country: 'US', areaCode: null }, (purchased) =>
        this.deps.uow
          .transaction((tx) => this.provision(tx, input.verificationId, purchased))
          .catch(duplicateAsConflict(takenMessage)),
      );
    };
  }

  /** Right(Left) is a refusal whose effect (one more wrong try) must be committed. */
  private async checkCode(tx: Repositories, input: VerifySignUpInput): Promise<E.Either<NotFound | CodeRefused | Conflict, E.Either<CodeRefused, SignUp>>> {
    const { clock, credentials } = this.deps;
    const found = await tx.signUps.lockById(input.verificationId);
    if (!found) return E.left(notFound('verification', input.verificationId));
    const open = acceptsCode(found, clock.now());
    if (E.isLeft(open)) return E.left(fromDomain(open.left));
    if (!credentials.same(found.codeHash, credentials.hashOtp(found.id, input.code))) {
      const wrong = recordWrongCode(found);
      await tx.signUps.save(wrong.signUp);
      return E.right(E.left(fromDomain(wrong.error)));
    }
    if (await tx.projects.findByEmail(found.email)) return E.left(conflict(`A project for ${found.email} already exists`));
    return E.right(E.right(found));
  }

  private async provision(tx: Repositories, verificationId: string, purchased: PurchasedNumber): Promise<E.Either<ProvisionError, VerifiedSignUp>> {
    const { clock, ids, signupCredit, numberMonthlyPrice } = this.deps;
    // Locked again: of two verifications racing with the right code, the second finds it spent.
    const signUp = await tx.signUps.lockById(verificationId);
    if (!signUp) return E.left(notFound('verification', verificationId));
    const now = clock.now();
    // The sign-up stored a parsed mailbox.
    const project = newProject({ id: ids.next('proj'), email: trustMailbox(signUp.email), now });
    const completed = completeSignUp(signUp, project.id, now);
    if (E.isLeft(completed)) return E.left(fromDomain(completed.left));
    if (await tx.projects.findByEmail(project.email)) return E.left(conflict(`A project for ${project.email} already exists`));
    await tx.projects.save(project);
    if (signupCredit > 0) {
      await tx.ledger.append(
        credit({ id: ids.next('led'), projectId: project.id, amount: signupCredit, reason: 'signup_credit', resourceId: null, createdAt: now }),
      );
    }
    const allowed = canProvisionNumber(project, 0, signupCredit, numberMonthlyPrice);
    if (E.isLeft(allowed)) return E.left(fromDomain(allowed.left));
    const name = signUp.agentName ?? STARTER_AGENT_NAME;
    const agent = createAgent({
      id: ids.next('agt'),
      projectId: project.id,
      fields: { name, voiceMode: 'hosted', systemPrompt: starterPrompt(name), greeting: 'Hello! How can I help you today?' },
      now,
    });
    if (E.isLeft(agent)) return E.left(fromDomain(agent.left));
    await tx.agents.save(agent.right);
    const number = await recordNumber(tx, this.deps, { projectId: project.id, ledgerAccountId: project.id, country: 'US', agent: agent.right, purchased });
    if (E.isLeft(number)) return number;
    const apiKey = await mintKeyFor(tx, this.deps, project.id, now, 'sign-up');
    await tx.signUps.save(completed.right);
    return E.right({ accountId: accountIdOf(project), project, agent: agent.right, number: number.right, apiKey });
  }
}
