import type { Voice } from '../../../application/ports/voice-catalog.js';
import type { AgentWithNumbers } from '../../../application/use-cases/agents/agent-with-numbers.js';
import type { Agent } from '../../../domain/agent.js';
import type { PhoneNumber } from '../../../domain/phone-number.js';
import { callBehaviourView } from './call-behaviour.js';
import { numberSummaryView } from './numbers.js';

export const agentView = ({ agent, numbers }: AgentWithNumbers) => ({
  id: agent.id,
  name: agent.name,
  description: agent.description,
  voiceMode: agent.voiceMode,
  systemPrompt: agent.systemPrompt,
  greeting: agent.greeting,
  /** Public clients' name for `greeting`. */
  beginMessage: agent.greeting,
  voice: agent.voice,
  transferNumber: agent.transferNumber,
  language: agent.language,
  ...callBehaviourView(agent),
  createdAt: agent.createdAt.toISOString(),
  updatedAt: agent.updatedAt.toISOString(),
  numbers: numbers.map(numberSummaryView),
});

export const deletedAgentView = (agent: Agent) => ({ success: true, id: agent.id, name: agent.name });

export const attachedNumberView = (number: PhoneNumber) => ({
  agentId: number.agentId,
  number: numberSummaryView(number),
});

/** Snake case here: the shape public clients already read from the voice list. */
export const voiceView = (voice: Voice) => ({
  voice_id: voice.id,
  voice_name: voice.name,
  provider: voice.provider,
  gender: voice.gender,
  accent: voice.accent,
  language: voice.language,
  preview_audio_url: voice.previewAudioUrl,
});
