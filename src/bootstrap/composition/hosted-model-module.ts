import { ContainerModule } from 'inversify';
import { HostedBrain } from '../../application/services/hosted-brain.js';
import { HostedSmsResponder } from '../../application/services/hosted-sms-responder.js';
import { chooseLanguageModel, NO_LANGUAGE_MODEL } from '../language-model.js';
import { provideWith } from './provide.js';
import { TOKENS } from './tokens.js';

/** Hosted mode: the language model, and what answers calls and texts of hosted agents with it. */
export const hostedModelModule = () =>
  new ContainerModule(({ bind }) => {
    const provide = provideWith(bind);
    provide(TOKENS.languageModel, [TOKENS.config, TOKENS.logger], (config, logger) => {
      const model = chooseLanguageModel(config);
      if (!model) logger.warn({ setting: 'LLM_BASE_URL' }, NO_LANGUAGE_MODEL);
      return model;
    });
    provide(TOKENS.hostedBrain, [TOKENS.config, TOKENS.languageModel, TOKENS.logger], (config, model, logger) =>
      new HostedBrain({ model, apology: config.hostedApology, logger: logger.child({ component: 'voice' }), now: () => performance.now() }),
    );
    provide(
      TOKENS.hostedReplies,
      [TOKENS.unitOfWork, TOKENS.languageModel, TOKENS.sendSms, TOKENS.logger, TOKENS.lifecycle],
      (uow, model, sendSms, logger, lifecycle) => {
        const responder = new HostedSmsResponder({ uow, model, sendSms, logger });
        return lifecycle.manage('hosted SMS responder', responder, { stop: () => responder.close() });
      },
    );
  });
