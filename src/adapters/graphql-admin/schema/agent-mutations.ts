import {
  AMBIENT_SOUNDS,
  conversationChangesOf,
  DENOISING_MODES,
  INTERRUPTIBLE_BY,
  MODEL_TIERS,
  STT_MODES,
} from '../../../domain/conversation-settings.js';
import { run } from '../errors.js';
import { enumOf, type AdminBuilder } from './builder.js';
import type { AdminSchemaDeps } from './deps.js';

/** The operator's change of an agent's conversation settings: the fields of the REST agent body, typed by the schema. */
export const defineAgentMutations = (builder: AdminBuilder, deps: AdminSchemaDeps) => {
  const Interruptible = enumOf(builder, 'InterruptibleBy', INTERRUPTIBLE_BY, 'What may interrupt the agent: nothing, keys, speech, or either.');
  const DenoisingMode = enumOf(builder, 'DenoisingMode', DENOISING_MODES);
  const SttMode = enumOf(builder, 'SttMode', STT_MODES, 'fast or accurate: a transcription provider and speech model the operator sets (STT_FAST, STT_ACCURATE).');
  const ModelTier = enumOf(builder, 'ModelTier', MODEL_TIERS, 'The hosted model the agent asks for (LLM_MODEL_TURBO, LLM_MODEL_BALANCED, LLM_MODEL_MAX).');
  const AmbientSound = enumOf(builder, 'AmbientSound', AMBIENT_SOUNDS, 'Accepted and kept; ConversationRelay mixes no ambience in.');

  const LanguageInput = builder.inputType('AgentLanguageInput', {
    fields: (t) => ({
      code: t.string({ required: true, description: 'BCP-47, e.g. es-ES.' }),
      voice: t.string({ required: true, description: 'A voice of GET /v1/agents/voices.' }),
      transcriptionProvider: t.string(),
      speechModel: t.string(),
    }),
  });

  const ConversationInput = builder.inputType('AgentConversationInput', {
    description: 'Fields left out keep their value; null puts one back to its default.',
    fields: (t) => ({
      interruptionSensitivity: t.float({ description: '0 (hard to interrupt) to 1.' }),
      enableBackchannel: t.boolean(),
      denoisingMode: t.field({ type: DenoisingMode }),
      sttMode: t.field({ type: SttMode }),
      voiceSpeed: t.float({ description: '0.7 to 1.2; ElevenLabs voices only.' }),
      modelTier: t.field({ type: ModelTier }),
      enableMessaging: t.boolean({ description: 'Hosted agents may text the caller during the call (send_text).' }),
      endOfTurnTimeoutMs: t.int({ description: '100 to 10000.' }),
      hints: t.stringList({ description: 'Up to 500 phrases, no commas.' }),
      interruptible: t.field({ type: Interruptible }),
      greetingInterruptible: t.field({ type: Interruptible }),
      profanityFilter: t.boolean(),
      languages: t.field({ type: [LanguageInput], description: 'Up to 10, each with a voice of the catalog.' }),
      ambientSound: t.field({ type: AmbientSound }),
    }),
  });

  builder.mutationField('updateAgentConversation', (t) =>
    t.field({
      type: 'Agent',
      description: "Changes an agent's turn-taking, transcription, voice and language settings; a value out of range is a VALIDATION_ERROR naming the field, and nothing changes.",
      args: { projectId: t.arg.id({ required: true }), agentId: t.arg.id({ required: true }), conversation: t.arg({ type: ConversationInput, required: true }) },
      resolve: (_, args) => {
        const { languages, ...rest } = args.conversation;
        const changes = conversationChangesOf({
          ...rest,
          languages: languages?.map((l) => ({ code: l.code, voice: l.voice, transcriptionProvider: l.transcriptionProvider ?? null, speechModel: l.speechModel ?? null })),
        });
        return run(deps.useCases.agents.updateAgent.execute({ projectId: String(args.projectId), agentId: String(args.agentId), changes: { conversation: changes } }));
      },
    }),
  );
};
