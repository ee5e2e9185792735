import { OpenAiCompatibleLanguageModel } from '../adapters/openai-compatible/openai-compatible-language-model.js';
import type { SwitchboardConfig } from './config.js';

/** The model of hosted mode: the OpenAI-compatible server of LLM_BASE_URL, else none (hosted agents apologise). */
export const chooseLanguageModel = (config: SwitchboardConfig): OpenAiCompatibleLanguageModel | null =>
  config.llm
    ? new OpenAiCompatibleLanguageModel({
        baseUrl: config.llm.baseUrl,
        apiKey: config.llm.apiKey,
        model: config.llm.model,
        timeoutMs: config.llm.timeoutMs,
      })
    : null;

/**
 * Said once, by `serve`, when hosted mode has no model: what hosted agents do then, and the fix.
 * (Webhook agents answer through their own server and need no model.)
 */
export const NO_LANGUAGE_MODEL =
  'hosted mode has no language model (LLM_BASE_URL is not set): hosted agents answer every turn with the apology (HOSTED_APOLOGY). ' +
  'Set LLM_BASE_URL (and LLM_MODEL) to any OpenAI-compatible server and restart: a local Ollama ' +
  '(LLM_BASE_URL=http://127.0.0.1:11434/v1 LLM_MODEL=llama3.2), llama.cpp\'s or vLLM\'s server URL, or a hosted one (with LLM_API_KEY). ' +
  'Webhook agents are not affected.';
