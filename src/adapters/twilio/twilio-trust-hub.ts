import type twilio from 'twilio';
import type { Brand, BusinessType, CompanyType } from '../../domain/messaging-registration.js';

/** Twilio's policies (the same on every account): a secondary business profile, and an A2P messaging profile. */
export const SECONDARY_CUSTOMER_PROFILE_POLICY = 'RNdfbf3fae0e1107f8aded0e7cead80bf5';
export const A2P_MESSAGING_PROFILE_POLICY = 'RNb0d4771c2c98518d916a3d4cd70a8f8b';

/** Trust Hub's `business_type` words. */
const BUSINESS_TYPES: Record<BusinessType, string> = {
  sole_proprietorship: 'Sole Proprietorship',
  partnership: 'Partnership',
  corporation: 'Corporation',
  llc: 'Limited Liability Corporation',
  cooperative: 'Co-operative',
  non_profit: 'Non-profit Corporation',
};

const COMPANY_TYPES: Record<CompanyType, string> = { private: 'private', public: 'public', non_profit: 'non-profit', government: 'government' };

/** Trust Hub's evaluation found a bundle short of its policy: what it named, for the client to correct. */
export class TrustHubRefusal extends Error {
  constructor(bundle: string, results: unknown) {
    super(`Trust Hub found the ${bundle} incomplete: ${JSON.stringify(results ?? []).slice(0, 500)}`);
    this.name = 'TrustHubRefusal';
  }
}

const compliant = (bundle: string, evaluation: { readonly status: string; readonly results?: unknown }): void => {
  if (evaluation.status !== 'compliant') throw new TrustHubRefusal(bundle, evaluation.results);
};

/** The two bundles a brand registration names: the business's customer profile and its A2P messaging profile. */
export interface TrustHubBundles {
  readonly customerProfile: string;
  readonly trustProduct: string;
}

/**
 * Makes the business's Trust Hub bundles and submits both for review, as Twilio's ISV onboarding
 * does: a secondary customer profile holding the business information, its authorised
 * representative and its address (attached to the account's primary profile when there is one),
 * then an A2P messaging profile holding the company type and that customer profile.
 */
export const submitTrustHubBundles = async (client: twilio.Twilio, brand: Brand, primaryProfileSid: string | null): Promise<TrustHubBundles> => {
  const hub = client.trusthub.v1;
  const profile = await hub.customerProfiles.create({ friendlyName: brand.businessName, email: brand.contact.email, policySid: SECONDARY_CUSTOMER_PROFILE_POLICY });
  const attachToProfile = (objectSid: string) => hub.customerProfiles(profile.sid).customerProfilesEntityAssignments.create({ objectSid });

  const business = await hub.endUsers.create({
    type: 'customer_profile_business_information',
    friendlyName: `${brand.businessName} business information`,
    attributes: {
      business_name: brand.businessName,
      business_identity: 'direct_customer',
      business_type: BUSINESS_TYPES[brand.businessType],
      business_industry: brand.industry,
      business_registration_identifier: brand.address.country === 'US' ? 'EIN' : 'Other',
      business_registration_number: brand.ein,
      business_regions_of_operation: 'USA_AND_CANADA',
      website_url: brand.website,
    },
  });
  await attachToProfile(business.sid);
  const representative = await hub.endUsers.create({
    type: 'authorized_representative_1',
    friendlyName: `${brand.contact.firstName} ${brand.contact.lastName}`,
    attributes: {
      first_name: brand.contact.firstName,
      last_name: brand.contact.lastName,
      email: brand.contact.email,
      phone_number: brand.contact.phone,
      business_title: brand.contact.jobTitle,
      job_position: 'Other',
    },
  });
  await attachToProfile(representative.sid);
  const address = await client.addresses.create({
    customerName: brand.businessName,
    street: brand.address.street,
    city: brand.address.city,
    region: brand.address.region,
    postalCode: brand.address.postalCode,
    isoCountry: brand.address.country,
  });
  const document = await hub.supportingDocuments.create({
    friendlyName: `${brand.businessName} address`,
    type: 'customer_profile_address',
    attributes: { address_sids: address.sid },
  });
  await attachToProfile(document.sid);
  if (primaryProfileSid) await attachToProfile(primaryProfileSid);
  compliant('customer profile', await hub.customerProfiles(profile.sid).customerProfilesEvaluations.create({ policySid: SECONDARY_CUSTOMER_PROFILE_POLICY }));
  await hub.customerProfiles(profile.sid).update({ status: 'pending-review' });

  const product = await hub.trustProducts.create({ friendlyName: `${brand.businessName} A2P messaging`, email: brand.contact.email, policySid: A2P_MESSAGING_PROFILE_POLICY });
  const company = await hub.endUsers.create({
    type: 'us_a2p_messaging_profile_information',
    friendlyName: `${brand.businessName} messaging profile`,
    attributes: {
      company_type: COMPANY_TYPES[brand.companyType],
      ...(brand.stockExchange ? { stock_exchange: brand.stockExchange } : {}),
      ...(brand.stockTicker ? { stock_ticker: brand.stockTicker } : {}),
    },
  });
  await hub.trustProducts(product.sid).trustProductsEntityAssignments.create({ objectSid: company.sid });
  await hub.trustProducts(product.sid).trustProductsEntityAssignments.create({ objectSid: profile.sid });
  compliant('A2P messaging profile', await hub.trustProducts(product.sid).trustProductsEvaluations.create({ policySid: A2P_MESSAGING_PROFILE_POLICY }));
  await hub.trustProducts(product.sid).update({ status: 'pending-review' });
  return { customerProfile: profile.sid, trustProduct: product.sid };
};
