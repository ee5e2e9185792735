import * as E from 'fp-ts/lib/Either.js';
import twilio from 'twilio';
import type { Logger } from '../../application/ports/logger.js';
import type { MessagingRegistrar, RegistrationSender, RegistrationSubmission } from '../../application/ports/messaging-registrar.js';
import type { ProviderFailure } from '../../application/ports/provider-failure.js';
import type { CarrierReport, MessagingRegistration } from '../../domain/messaging-registration.js';
import { RedirectingRequestClient } from './redirecting-request-client.js';
import { providerFailureOf, twilioCodeOf } from './twilio-failures.js';
import { submitTrustHubBundles, TrustHubRefusal } from './twilio-trust-hub.js';

export interface TwilioRegistrarOptions {
  readonly accountSid: string;
  readonly authToken: string;
  readonly apiUrl: string | null;
  /** The account's approved primary customer profile (`BU…`), which Twilio wants attached to each business's own. */
  readonly primaryCustomerProfileSid: string | null;
}

/** "Already in the Messaging Service" (error and warning forms): the number is where it should be. */
const ALREADY_A_SENDER = new Set(['21710', '80104']);

const BRAND_FAILED = new Set(['FAILED', 'SUSPENDED', 'DELETION_PENDING', 'DELETION_FAILED']);

/**
 * A2P 10DLC through Twilio's Trust Hub and Messaging APIs, with the official SDK. A submission
 * makes the business's Trust Hub bundles, the brand registration and a Messaging Service holding
 * the project's numbers. The campaign (Twilio's UsAppToPerson) can only be made once the brand is
 * approved, so a check makes it then, and after that follows its state.
 */
export class TwilioMessagingRegistrar implements MessagingRegistrar {
  readonly name = 'twilio';
  private readonly client: twilio.Twilio;
  private readonly apiOrigin: string;

  constructor(
    private readonly options: TwilioRegistrarOptions,
    private readonly logger?: Logger,
  ) {
    const httpClient = options.apiUrl ? new RedirectingRequestClient(options.apiUrl, { autoRetry: true }) : new twilio.RequestClient({ autoRetry: true });
    this.client = twilio(options.accountSid, options.authToken, { httpClient });
    this.apiOrigin = options.apiUrl ? new URL(options.apiUrl).origin : 'https://messaging.twilio.com';
  }

  submit(submission: RegistrationSubmission): Promise<E.Either<ProviderFailure, CarrierReport>> {
    return this.guarded('submit registration', async () => {
      const bundles = await submitTrustHubBundles(this.client, submission.brand, this.options.primaryCustomerProfileSid);
      const messaging = this.client.messaging.v1;
      const brand = await messaging.brandRegistrations.create({ customerProfileBundleSid: bundles.customerProfile, a2PProfileBundleSid: bundles.trustProduct });
      // The numbers keep their own webhooks: Switchboard set them when it bought them.
      const service = await messaging.services.create({ friendlyName: `${submission.brand.businessName} (Switchboard)`.slice(0, 64), useInboundWebhookOnNumber: true });
      for (const sender of submission.senders) await messaging.services(service.sid).phoneNumbers.create({ phoneNumberSid: sender.providerId });
      return {
        ...this.brandReport(brand.status, brand.failureReason),
        references: { customerProfile: bundles.customerProfile, trustProduct: bundles.trustProduct, brandRegistration: brand.sid, messagingService: service.sid },
      };
    });
  }

  check(registration: MessagingRegistration): Promise<E.Either<ProviderFailure, CarrierReport>> {
    const { brandRegistration, messagingService, campaign } = registration.references;
    if (!brandRegistration || !messagingService) {
      return Promise.resolve(E.left({ _tag: 'ProviderError', message: 'the registration holds no Twilio brand registration or Messaging Service', providerCode: null }));
    }
    return this.guarded('check registration', async (): Promise<CarrierReport> => {
      const messaging = this.client.messaging.v1;
      const brand = await messaging.brandRegistrations(brandRegistration).fetch();
      if (brand.status !== 'APPROVED') return { ...this.brandReport(brand.status, brand.failureReason), references: {} };
      const c = registration.campaign;
      const usa2p = campaign
        ? await messaging.services(messagingService).usAppToPerson(campaign).fetch()
        : await messaging.services(messagingService).usAppToPerson.create({
            brandRegistrationSid: brandRegistration,
            description: c.description,
            messageFlow: c.messageFlow,
            messageSamples: [...c.sampleMessages],
            usAppToPersonUsecase: c.useCase,
            hasEmbeddedLinks: c.hasEmbeddedLinks,
            hasEmbeddedPhone: c.hasEmbeddedPhone,
          });
      const status: CarrierReport['status'] = usa2p.campaignStatus === 'VERIFIED' ? 'approved' : usa2p.campaignStatus === 'FAILED' ? 'failed' : 'pending';
      const reasons = (usa2p.errors ?? []).map((e) => JSON.stringify(e)).join('; ');
      return {
        status,
        brandStatus: brand.status,
        campaignStatus: usa2p.campaignStatus,
        failureReason: status === 'failed' ? reasons || 'the carriers refused the campaign' : null,
        references: { campaign: usa2p.sid },
      };
    });
  }

  async addSender(registration: MessagingRegistration, sender: RegistrationSender): Promise<E.Either<ProviderFailure, void>> {
    const service = registration.references.messagingService;
    if (!service) return E.left({ _tag: 'ProviderError', message: 'the registration holds no Twilio Messaging Service', providerCode: null });
    try {
      await this.client.messaging.v1.services(service).phoneNumbers.create({ phoneNumberSid: sender.providerId });
      return E.right(undefined);
    } catch (error) {
      const code = twilioCodeOf(error);
      if (code !== null && ALREADY_A_SENDER.has(code)) return E.right(undefined);
      const failure = providerFailureOf(error, this.apiOrigin);
      this.logger?.warn({ operation: 'add sender', providerCode: code, reason: failure.message }, 'Twilio call failed');
      return E.left(failure);
    }
  }

  private brandReport(status: string, failureReason: string | null): Omit<CarrierReport, 'references'> {
    const failed = BRAND_FAILED.has(status);
    return { status: failed ? 'failed' : 'pending', brandStatus: status, campaignStatus: null, failureReason: failed ? failureReason || `the brand is ${status}` : null };
  }

  private async guarded(operation: string, work: () => Promise<CarrierReport>): Promise<E.Either<ProviderFailure, CarrierReport>> {
    try {
      return E.right(await work());
    } catch (error) {
      const failure: ProviderFailure =
        error instanceof TrustHubRefusal ? { _tag: 'ProviderError', message: error.message, providerCode: null } : providerFailureOf(error, this.apiOrigin);
      this.logger?.warn({ operation, providerCode: twilioCodeOf(error), reason: failure.message }, 'Twilio call failed');
      return E.left(failure);
    }
  }
}
