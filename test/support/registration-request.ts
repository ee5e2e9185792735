/** A `POST /v1/register` body as a client writes it: a dental practice texting its patients. */
export const aRegisterBody = (overrides: { readonly brand?: Record<string, unknown>; readonly campaign?: Record<string, unknown> } = {}) => ({
  brand: {
    businessName: 'Acme Dental LLC',
    businessType: 'llc',
    companyType: 'private',
    ein: '12-3456789',
    industry: 'HEALTHCARE',
    website: 'https://acme-dental.example.com',
    address: { street: '1 Main Street', city: 'San Francisco', region: 'CA', postalCode: '94105', country: 'US' },
    contact: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme-dental.example.com', phone: '+14155550100', jobTitle: 'Director' },
    ...overrides.brand,
  },
  campaign: {
    useCase: 'CUSTOMER_CARE',
    description: 'Appointment reminders and answers to patients who text the practice about their visits.',
    messageFlow: 'Patients give their mobile number and agree to texts on the booking form at acme-dental.example.com/book.',
    sampleMessages: ['Hi Sam, your cleaning is tomorrow at 3pm. Reply C to confirm or STOP to opt out.', 'Thanks for your message, we will call you back within the hour.'],
    ...overrides.campaign,
  },
});
