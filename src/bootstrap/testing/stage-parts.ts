import { NodeCredentials } from '../../adapters/node-crypto/node-credentials.js';
import { LanguageModelFailure, type ChatRequest, type ChunksHeard, type LanguageModel } from '../../application/ports/language-model.js';

/**
 * The hosted model of the scenario being played: a stage plays one at a time, so its Switchboard
 * keeps one model binding and each scenario puts its own (or the stage's) behind it.
 */
export class ScenarioModel implements LanguageModel {
  private current: LanguageModel | null;

  constructor(private readonly fallback: LanguageModel | null) {
    this.current = fallback;
  }

  use(model: LanguageModel | null): void {
    this.current = model ?? this.fallback;
  }

  stream(request: ChatRequest, heard: ChunksHeard): Promise<void> {
    if (!this.current) return Promise.reject(new LanguageModelFailure('protocol', 'no language model is configured for hosted agents (set LLM_BASE_URL and LLM_MODEL)'));
    return this.current.stream(request, heard);
  }
}

/**
 * Switchboard's own secrets, but for the next webhook secret when the scenario names one: the
 * agent under test then checks signatures with the secret it was started with.
 */
export class ScenarioCredentials extends NodeCredentials {
  nextWebhookSecret: string | null = null;

  override mintWebhookSecret(): string {
    const given = this.nextWebhookSecret;
    this.nextWebhookSecret = null;
    return given ?? super.mintWebhookSecret();
  }
}
