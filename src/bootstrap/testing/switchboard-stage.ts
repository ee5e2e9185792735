import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import type { LanguageModel } from '../../application/ports/language-model.js';
import type { ScenarioStage, StageRefusal, StageSetup, StagedContact } from '../../application/ports/scenario-stage.js';
import { silentLogger } from '../../adapters/pino/pino-logger.js';
import { parseMailbox } from '../../adapters/rest/codecs/mailbox.js';
import { SimulatedTelephony } from '../../adapters/simulated/simulated-telephony.js';
import { SimulatedTime } from '../../adapters/simulated/simulated-time.js';
import { StubbedToolTransport } from '../../adapters/simulated/stubbed-tool-transport.js';
import { trustE164 } from '../../domain/e164.js';
import { generateAdminToken } from '../admin-token.js';
import { TOKENS } from '../composition/tokens.js';
import { DEFAULT_CALLER } from '../simulated-call.js';
import type { EmbeddedTemplate } from './embedded-template.js';
import { copyKnowledge, renamedKnowledge } from './stage-knowledge.js';
import { SimulatedContact } from './simulated-contact.js';
import { ScenarioCredentials, ScenarioModel } from './stage-parts.js';
import type { StageSwitchboard, SwitchboardMaker } from './stage-switchboard.js';

export interface InProcessStageOptions {
  /** `embedded` (default): PGlite in a temporary folder, removed on close; `memory`: nothing is written. */
  readonly store?: 'embedded' | 'memory';
  /** Hosted agents' model when a scenario brings none (the configured one, or a scripted one). */
  readonly model?: LanguageModel | null;
  /** Starts the embedded store from a copy of this migrated one (what `runScenarios` makes once per run). */
  readonly template?: EmbeddedTemplate;
}

const refused = (message: string): E.Either<StageRefusal, never> => E.left({ _tag: 'StageRefused', message });

/** A request to the stage's REST API with the scenario's project key; Left: what the API said was wrong. */
const rest = async (sb: StageSwitchboard, key: string, method: string, path: string, body: unknown): Promise<E.Either<string, Record<string, unknown>>> => {
  const response = await sb.fetch(
    new Request(`http://switchboard.test${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  );
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown> & { error?: { message?: string } };
  return response.ok ? E.right(json) : E.left(`${method} ${path} answered ${response.status}: ${json.error?.message ?? JSON.stringify(json)}`);
};

/** `createInProcessStage` on the Switchboards `createSwitchboard` makes (given, so the composition root may make stages too). */
export const stageOn = async (createSwitchboard: SwitchboardMaker, options: InProcessStageOptions = {}): Promise<ScenarioStage> => {
  const embedded = (options.store ?? 'embedded') === 'embedded';
  const dataDir = !embedded ? null : options.template ? await options.template.copy() : await mkdtemp(join(tmpdir(), 'switchboard-test-'));
  const time = new SimulatedTime();
  const telephony = new SimulatedTelephony();
  const tools = new StubbedToolTransport();
  const model = new ScenarioModel(options.model ?? null);
  const credentials = new ScenarioCredentials();
  const switchboard = createSwitchboard({
    // A token of its own: the admin console is never opened, and a generated one would be printed.
    env: dataDir ? { DATA_DIR: dataDir, ADMIN_TOKEN: generateAdminToken() } : {},
    storage: embedded ? 'database' : 'memory',
    telephony,
    timers: time,
    clock: time.clock,
    languageModel: model,
    logger: silentLogger(),
    override: (rebind) => {
      rebind(TOKENS.toolTransport).toConstantValue(tools);
      rebind(TOKENS.credentials).toConstantValue(credentials);
    },
  });
  try {
    await switchboard.start();
  } catch (error) {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const simulated = switchboard.voice().simulated!;
  let projects = 0;
  let contacts = 0;
  /** The last scenario's project, agent and number: the next one with the same agent plays on them. */
  let kept: { readonly agent: string; readonly key: string; readonly projectId: string; readonly agentId: string; readonly number: string } | null = null;

  /** A project of its own with the scenario's agent on a number; Left: what could not be made. */
  const provide = async (agent: Extract<StageSetup['agent'], { kind: 'inline' }>): Promise<E.Either<string, NonNullable<typeof kept>>> => {
    const email = parseMailbox(`scenario-${++projects}@switchboard.test`);
    if (E.isLeft(email)) return email;
    const project = await switchboard.useCases().projects.createProject.execute({ email: email.right, name: `Scenario ${projects}` })();
    if (E.isLeft(project)) return E.left(`could not open the scenario's project: ${project.left._tag}`);
    const key = project.right.apiKey.clear;
    const knowledgeIds = await copyKnowledge(switchboard, project.right.project.id, agent.knowledge ?? []);
    if (E.isLeft(knowledgeIds)) return knowledgeIds;
    const definition = renamedKnowledge(agent.definition, knowledgeIds.right);
    const made = await rest(switchboard, key, 'POST', '/v1/agents', definition);
    if (E.isLeft(made)) return E.left(`the agent could not be made: ${made.left}`);
    const agentId = String(made.right.id);
    const { webhook } = agent;
    if (webhook) {
      credentials.nextWebhookSecret = webhook.secret;
      const saved = await rest(switchboard, key, 'POST', `/v1/agents/${agentId}/webhook`, { url: webhook.url, ...(webhook.timeoutSeconds ? { timeout: webhook.timeoutSeconds } : {}) });
      credentials.nextWebhookSecret = null;
      if (E.isLeft(saved)) return E.left(`the agent's webhook could not be saved: ${saved.left}`);
    }
    const number = await rest(switchboard, key, 'POST', '/v1/numbers', { agentId });
    if (E.isLeft(number)) return E.left(`the agent's number could not be bought: ${number.left}`);
    return E.right({ agent: JSON.stringify(agent), key, projectId: project.right.project.id, agentId, number: String(number.right.phoneNumber) });
  };

  const open = async (setup: StageSetup): Promise<E.Either<StageRefusal, StagedContact>> => {
    if (setup.agent.kind === 'existing') return refused(`agent ${setup.agent.id}: an agent named by id is one of a running server's; in process, give the agent's definition`);
    tools.use(setup.tools);
    model.use(setup.model);
    // Making a project, an agent and a number is most of a scenario's cost on the embedded store:
    // the same agent is kept, and each contact comes from a caller of its own, whose threads,
    // contact and opt-outs are then the scenario's alone.
    if (kept?.agent !== JSON.stringify(setup.agent)) {
      const provided = await provide(setup.agent);
      if (E.isLeft(provided)) {
        kept = null;
        return refused(provided.left);
      }
      kept = provided.right;
    }
    const { key, projectId, agentId } = kept;
    const caller = contacts++ === 0 ? DEFAULT_CALLER : `+1415556${String(contacts % 10_000).padStart(4, '0')}`;
    const parts = { switchboard, simulated, telephony, time, projectId, number: trustE164(kept.number), caller: trustE164(caller), stepTimeoutMs: setup.stepTimeoutMs };
    switch (setup.contact) {
      case 'inbound_text':
        return E.right(new SimulatedContact(parts, null, null));
      case 'inbound_call': {
        const call = await simulated.startInbound({ from: parts.caller, to: parts.number });
        return E.isLeft(call) ? refused(`the call could not start: ${call.left._tag}`) : E.right(new SimulatedContact(parts, call.right, null));
      }
      case 'outbound_call': {
        const placed = await rest(switchboard, key, 'POST', '/v1/calls', { agentId, toNumber: parts.caller, variables: setup.variables });
        if (E.isLeft(placed)) return refused(`the call could not be placed: ${placed.left}`);
        const callId = String(placed.right.id);
        const call = await simulated.answerOutbound(callId, setup.answeredByMachine ? 'machine_end_beep' : 'human');
        const providerCallId = telephony.placedCalls.find((c) => c.callId === callId)?.providerCallId ?? null;
        return E.isLeft(call) ? refused(`the call could not be answered: ${call.left._tag}`) : E.right(new SimulatedContact(parts, call.right, providerCallId));
      }
      case 'web_call': {
        const web = await rest(switchboard, key, 'POST', '/v1/calls/web', { agentId });
        if (E.isLeft(web)) return refused(`the web call could not start: ${web.left}`);
        const call = await simulated.connect({ id: String(web.right.callId) });
        return E.isLeft(call) ? refused(`the web call could not connect: ${call.left._tag}`) : E.right(new SimulatedContact(parts, call.right, null));
      }
    }
  };

  return {
    open,
    close: async () => {
      await switchboard.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
};
