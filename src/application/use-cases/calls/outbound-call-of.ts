import { startCall, type Call } from '../../../domain/call.js';
import { fillVariables, type CallVariables } from '../../../domain/call-variables.js';
import type { Agent } from '../../../domain/agent.js';
import type { E164 } from '../../../domain/e164.js';
import type { PhoneNumber } from '../../../domain/phone-number.js';
import type { Project } from '../../../domain/project.js';
import { openingWords, recordingDisclosureFor } from '../../../domain/recording-disclosure.js';
import type { AgentLanguage } from '../../../domain/conversation-settings.js';
import type { IdGenerator } from '../../ports/id-generator.js';
import type { OutboundCall } from '../../ports/telephony.js';
import type { CallSpeech } from './call-speech.js';

/** The node's words every outbound call opens with, and the disclosure of recorded calls of projects without their own. */
export interface OutboundWords {
  readonly ids: IdGenerator;
  readonly aiDisclosure?: string | null;
  readonly recordingDisclosure?: string | null;
}

/** What one outbound call asks for, beside the agent, line and speech chosen for it. */
export interface OutboundCallAsk {
  readonly toNumber: E164;
  readonly initialGreeting: string | null;
  readonly systemPrompt: string | null;
  readonly variables?: CallVariables;
  readonly voicemailDetection?: boolean;
  readonly recordingDisclosure?: string | null;
}

/** The disclosure with the project's name; a project named by an e-mail address (sign-up's default) is left unnamed. */
const disclosureFor = (template: string | null, projectName: string | null): string => {
  if (!template) return '';
  const name = projectName && !projectName.includes('@') ? projectName.trim() : '';
  const text = name ? template.replaceAll('{project}', name) : template.replace(/\s*\bfor \{project\}/g, '').replaceAll('{project}', 'us');
  return text.trim();
};

/**
 * The outbound call as it is stored before the carrier is asked, and whether it is recorded:
 * the one place both the single call and a campaign's batch build a call, so their greetings,
 * disclosures and variables are the same.
 */
export const outboundCallOf = (
  words: OutboundWords,
  chosen: { readonly agent: Agent; readonly line: PhoneNumber; readonly project: Project | null; readonly spoken: CallSpeech },
  ask: OutboundCallAsk,
  now: Date,
): { readonly call: Call; readonly record: boolean } => {
  const { agent, line, project, spoken } = chosen;
  const variables: CallVariables = { agent_number: line.phoneNumber, now: now.toISOString(), ...ask.variables };
  const greeting = fillVariables(ask.initialGreeting ?? agent.greeting ?? '', variables);
  const disclosure = disclosureFor(words.aiDisclosure ?? null, project?.name ?? null);
  const record = project?.recordingEnabled ?? false;
  const recordingDisclosure = recordingDisclosureFor({ recorded: record, settings: project?.outbound, nodeDefault: words.recordingDisclosure ?? null, asked: ask.recordingDisclosure });
  const call = startCall({
    id: words.ids.next('call'),
    projectId: agent.projectId,
    agentId: agent.id,
    phoneNumberId: line.id,
    fromNumber: line.phoneNumber,
    toNumber: ask.toNumber,
    direction: 'outbound',
    type: 'pstn',
    startedAt: now,
    providerCallId: null,
    voiceMode: ask.systemPrompt ? 'hosted' : agent.voiceMode,
    // The disclosures come first, whatever the greeting (even a silent one).
    greeting: openingWords(disclosure, recordingDisclosure, greeting),
    recordingDisclosure,
    voice: spoken.voice,
    language: spoken.language,
    systemPrompt: ask.systemPrompt,
    variables,
    metadata: null,
    voicemailDetection: ask.voicemailDetection ?? true,
    conversation: spoken.conversation,
  });
  return { call, record };
};

/** What the carrier is asked to place for a stored outbound call: the one shape both use cases send. */
export const carrierRequestOf = (
  call: Call,
  placed: { readonly from: E164; readonly to: E164; readonly record: boolean; readonly handoffVoices: readonly AgentLanguage[]; readonly webhooks: OutboundCall['webhooks'] },
): OutboundCall => ({
  callId: call.id,
  from: placed.from,
  to: placed.to,
  greeting: call.greeting,
  voice: call.voice,
  language: call.language,
  record: placed.record,
  machineDetection: call.voicemailDetection,
  ...(call.conversation ? { conversation: call.conversation } : {}),
  ...(placed.handoffVoices.length > 0 ? { handoffVoices: placed.handoffVoices } : {}),
  webhooks: placed.webhooks,
});
