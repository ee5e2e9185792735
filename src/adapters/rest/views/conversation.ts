import * as t from 'io-ts';
import type { Agent } from '../../../domain/agent.js';
import { conversationOf, unsupportedSettings, type ConversationSupport } from '../../../domain/conversation-settings.js';
import { nullable } from './schema.js';

/** The agent read's conversation fields; `unsupported` names those the carrier cannot honour. */
export const ConversationViewFields = {
  interruptionSensitivity: t.number,
  enableBackchannel: t.boolean,
  denoisingMode: nullable(t.string),
  sttMode: t.string,
  voiceSpeed: nullable(t.number),
  modelTier: t.string,
  enableMessaging: t.boolean,
  endOfTurnTimeoutMs: nullable(t.number),
  hints: t.array(t.string),
  interruptible: t.string,
  greetingInterruptible: t.string,
  profanityFilter: t.boolean,
  languages: t.array(t.strict({ code: t.string, voice: t.string, transcriptionProvider: nullable(t.string), speechModel: nullable(t.string) }, 'AgentLanguage')),
  ambientSound: t.string,
  unsupported: t.array(t.string),
};

export const conversationView = (agent: Agent, support: ConversationSupport) => {
  const c = conversationOf(agent);
  return {
    ...c,
    hints: [...c.hints],
    languages: c.languages.map((l) => ({ ...l })),
    unsupported: [...unsupportedSettings(c, support)],
  };
};
