import type { LanguageModel } from '../application/ports/language-model.js';
import { OpenAiCompatibleLanguageModel } from '../adapters/openai-compatible/openai-compatible-language-model.js';
import type { SwitchboardConfig } from './config.js';

/** The model of hosted mode: the OpenAI-compatible server of LLM_BASE_URL, else none (hosted agents apologise). */
export const chooseLanguageModel = (config: SwitchboardConfig): LanguageModel | null =>
  config.llm
    ? new OpenAiCompatibleLanguageModel({
        baseUrl: config.llm.baseUrl,
        apiKey: config.llm.apiKey,
        model: config.llm.model,
        timeoutMs: config.llm.timeoutMs,
      })
    : null;
