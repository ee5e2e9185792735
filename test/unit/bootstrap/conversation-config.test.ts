import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/bootstrap/config.js';
import { conversationSupportOf } from '../../../src/bootstrap/conversation-config.js';

const loaded = (env: Record<string, string>) => loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', ...env });

describe('STT_FAST, STT_ACCURATE and the LLM_MODEL_ tiers', () => {
  it('default to Deepgram for fast and Google for accurate, and to no tier of its own but balanced', () => {
    const config = loaded({});
    if (E.isLeft(config)) throw new Error(config.left.join('\n'));
    expect(config.right.speechModes).toEqual({
      fast: { transcriptionProvider: 'Deepgram', speechModel: 'nova-3-general' },
      accurate: { transcriptionProvider: 'Google', speechModel: 'long' },
    });
    expect(config.right.llm?.tierModels).toEqual({});
    expect(conversationSupportOf(config.right)).toEqual({ modelTiers: ['balanced'] });
  });

  it('reads the operator’s provider/model pairs and tier models', () => {
    const config = loaded({ STT_FAST: 'Deepgram/nova-2-phonecall', STT_ACCURATE: ' Google / telephony ', LLM_MODEL_TURBO: 'small', LLM_MODEL_MAX: 'large' });
    if (E.isLeft(config)) throw new Error(config.left.join('\n'));
    expect(config.right.speechModes).toEqual({
      fast: { transcriptionProvider: 'Deepgram', speechModel: 'nova-2-phonecall' },
      accurate: { transcriptionProvider: 'Google', speechModel: 'telephony' },
    });
    expect(config.right.llm?.tierModels).toEqual({ turbo: 'small', max: 'large' });
    expect(conversationSupportOf(config.right)).toEqual({ modelTiers: ['turbo', 'balanced', 'max'] });
  });

  it('names the variable and the form it takes when a pair does not read', () => {
    const config = loaded({ STT_ACCURATE: 'Google' });
    expect(E.isLeft(config) && config.left).toEqual([expect.stringMatching(/^STT_ACCURATE="Google": .*Deepgram\/nova-3-general/)]);
  });
});
