import * as E from 'fp-ts/lib/Either.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NumberWebhooks } from '../../../src/application/ports/telephony.js';
import { RedirectingRequestClient } from '../../../src/adapters/twilio/redirecting-request-client.js';
import { recordingMp3Url } from '../../../src/adapters/twilio/twilio-recordings.js';
import { TwilioTelephony } from '../../../src/adapters/twilio/twilio-telephony.js';
import { trustE164 } from '../../../src/domain/e164.js';
import { FakeTwilioApi } from '../../support/fake-twilio-api.js';

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'test-auth-token-0123456789';
const API = `/2010-04-01/Accounts/${ACCOUNT_SID}`;
const BASIC = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;

const webhooks: NumberWebhooks = {
  smsUrl: 'https://switchboard.example.com/twilio/sms',
  voiceUrl: 'https://switchboard.example.com/twilio/voice',
  voiceStatusUrl: 'https://switchboard.example.com/twilio/voice/status',
};

const unwrap = <A>(either: E.Either<unknown, A>): A => {
  if (E.isLeft(either)) throw new Error(`expected Right, got ${JSON.stringify(either.left)}`);
  return either.right;
};

describe(TwilioTelephony.name, () => {
  let fake: FakeTwilioApi;
  let sut: TwilioTelephony;
  const savedEnv = { edge: process.env.TWILIO_EDGE, region: process.env.TWILIO_REGION };

  beforeAll(async () => {
    delete process.env.TWILIO_EDGE;
    delete process.env.TWILIO_REGION;
    fake = await FakeTwilioApi.start({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
    sut = new TwilioTelephony({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, apiUrl: fake.url });
  });

  afterEach(() => {
    fake.requests.length = 0;
  });

  afterAll(async () => {
    await fake.stop();
    if (savedEnv.edge !== undefined) process.env.TWILIO_EDGE = savedEnv.edge;
    if (savedEnv.region !== undefined) process.env.TWILIO_REGION = savedEnv.region;
  });

  const buy = async (phoneNumber: string) => unwrap(await sut.purchaseNumber(trustE164(phoneNumber), webhooks));

  describe('searchNumbers', () => {
    it('asks for SMS- and voice-capable local numbers in the area code, with Basic auth of the account', async () => {
      fake.stockNumbers('US', [
        { phoneNumber: '+14155550100', locality: 'San Francisco', region: 'CA' },
        { phoneNumber: '+14155550101' },
        { phoneNumber: '+12125550100', locality: 'New York', region: 'NY' },
      ]);

      const found = unwrap(await sut.searchNumbers({ country: 'US', areaCode: '415', limit: 5 }));

      expect(found).toEqual([
        { phoneNumber: '+14155550100', country: 'US', locality: 'San Francisco', region: 'CA' },
        { phoneNumber: '+14155550101', country: 'US', locality: null, region: null },
      ]);
      expect(fake.requests).toEqual([
        {
          endpoint: 'searchLocal',
          method: 'GET',
          path: `${API}/AvailablePhoneNumbers/US/Local.json`,
          query: { AreaCode: '415', SmsEnabled: 'true', VoiceEnabled: 'true', PageSize: '5' },
          form: {},
          authorization: BASIC,
        },
      ]);
    });

    it('searches Canada without an area code and stops at the limit', async () => {
      const found = unwrap(await sut.searchNumbers({ country: 'CA', areaCode: null, limit: 2 }));

      expect(found.map((n) => [n.phoneNumber, n.country])).toEqual([
        ['+16045550100', 'CA'],
        ['+16045550101', 'CA'],
      ]);
      expect(fake.requests.map((r) => [r.path, r.query])).toEqual([
        [`${API}/AvailablePhoneNumbers/CA/Local.json`, { SmsEnabled: 'true', VoiceEnabled: 'true', PageSize: '2' }],
      ]);
    });

    it('finds nothing as an empty list, not an error', async () => {
      fake.stockNumbers('US', []);

      expect(await sut.searchNumbers({ country: 'US', areaCode: '907', limit: 5 })).toEqual(E.right([]));
    });

    it('takes 21452 (no numbers in that area code) as an empty list, like the simulated carrier', async () => {
      fake.failNext('searchLocal', { status: 400, code: 21452, message: 'No phone numbers found in area code 907' });

      expect(await sut.searchNumbers({ country: 'US', areaCode: '907', limit: 5 })).toEqual(E.right([]));
    });

    it('reports a Twilio error as a ProviderError with its code', async () => {
      fake.failNext('searchLocal', { status: 500, code: 20500, message: 'Internal Server Error' });

      expect(await sut.searchNumbers({ country: 'US', areaCode: '415', limit: 5 })).toEqual(
        E.left({ _tag: 'ProviderError', message: 'Internal Server Error', providerCode: '20500' }),
      );
    });
  });

  describe('purchaseNumber', () => {
    it('buys the number with its SMS, voice and call-status webhooks', async () => {
      const bought = await buy('+14155550142');

      expect(bought.providerId).toMatch(/^PN[0-9a-f]{32}$/);
      expect(bought.phoneNumber).toBe('+14155550142');
      expect(fake.requests).toEqual([
        {
          endpoint: 'purchaseNumber',
          method: 'POST',
          path: `${API}/IncomingPhoneNumbers.json`,
          query: {},
          form: {
            PhoneNumber: '+14155550142',
            SmsUrl: webhooks.smsUrl,
            SmsMethod: 'POST',
            VoiceUrl: webhooks.voiceUrl,
            VoiceMethod: 'POST',
            StatusCallback: webhooks.voiceStatusUrl,
            StatusCallbackMethod: 'POST',
          },
          authorization: BASIC,
        },
      ]);
      expect(fake.incomingNumbers.get(bought.providerId)).toMatchObject({ phone_number: '+14155550142', sms_url: webhooks.smsUrl });
    });

    it('explains 21422 (the number was taken since the search)', async () => {
      fake.failNext('purchaseNumber', { status: 400, code: 21422, message: 'PhoneNumber is not available' });

      const result = await sut.purchaseNumber(trustE164('+14155550143'), webhooks);

      expect(result).toEqual(
        E.left({
          _tag: 'ProviderError',
          message:
            'the phone number is no longer available (it may have been bought since the search); search again and pick another (Twilio: PhoneNumber is not available)',
          providerCode: '21422',
        }),
      );
      expect([...fake.incomingNumbers.values()].map((n) => n.phone_number)).not.toContain('+14155550143');
    });
  });

  describe('configureNumber', () => {
    it('points the number at new webhooks', async () => {
      const { providerId } = await buy('+14155550144');
      fake.requests.length = 0;
      const moved: NumberWebhooks = {
        smsUrl: 'https://new.example.com/twilio/sms',
        voiceUrl: 'https://new.example.com/twilio/voice',
        voiceStatusUrl: 'https://new.example.com/twilio/voice/status',
      };

      expect(await sut.configureNumber(providerId, moved)).toEqual(E.right(undefined));

      expect(fake.requests.map((r) => [r.method, r.path, r.form])).toEqual([
        [
          'POST',
          `${API}/IncomingPhoneNumbers/${providerId}.json`,
          {
            SmsUrl: moved.smsUrl,
            SmsMethod: 'POST',
            VoiceUrl: moved.voiceUrl,
            VoiceMethod: 'POST',
            StatusCallback: moved.voiceStatusUrl,
            StatusCallbackMethod: 'POST',
          },
        ],
      ]);
      expect(fake.incomingNumbers.get(providerId)).toMatchObject({ voice_url: moved.voiceUrl, status_callback: moved.voiceStatusUrl });
    });

    it('reports an unknown number as a ProviderError 20404', async () => {
      const result = await sut.configureNumber(`PN${'0'.repeat(32)}`, webhooks);

      expect(E.isLeft(result) && result.left.providerCode).toBe('20404');
    });
  });

  describe('releaseNumber', () => {
    it('deletes the number at the carrier', async () => {
      const { providerId } = await buy('+14155550145');
      fake.requests.length = 0;

      expect(await sut.releaseNumber(providerId)).toEqual(E.right(undefined));

      expect(fake.requests.map((r) => [r.method, r.path, r.authorization])).toEqual([
        ['DELETE', `${API}/IncomingPhoneNumbers/${providerId}.json`, BASIC],
      ]);
      expect(fake.incomingNumbers.has(providerId)).toBe(false);
    });

    it('counts a number Twilio no longer knows (20404) as released', async () => {
      const unknown = `PN${'f'.repeat(32)}`;

      expect(await sut.releaseNumber(unknown)).toEqual(E.right(undefined));
      expect(fake.requests.map((r) => r.method)).toEqual(['DELETE']);
    });

    it('reports any other failure', async () => {
      const { providerId } = await buy('+14155550146');
      fake.failNext('releaseNumber', { status: 503, code: 20503, message: 'Service Unavailable' });

      expect(await sut.releaseNumber(providerId)).toEqual(
        E.left({ _tag: 'ProviderError', message: 'Service Unavailable', providerCode: '20503' }),
      );
      expect(fake.incomingNumbers.has(providerId)).toBe(true);
    });
  });

  describe('sendSms', () => {
    const sms = {
      from: trustE164('+14155550100'),
      to: trustE164('+14155550199'),
      body: 'Your table is ready',
      mediaUrls: [] as string[],
      statusCallbackUrl: 'https://switchboard.example.com/twilio/sms/status',
    };

    it('sends From, To, Body and StatusCallback, and returns the SM sid as queued', async () => {
      const sent = unwrap(await sut.sendSms(sms));

      expect(sent.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
      expect(sent.status).toBe('queued');
      expect(fake.requests).toEqual([
        {
          endpoint: 'createMessage',
          method: 'POST',
          path: `${API}/Messages.json`,
          query: {},
          form: { From: sms.from, To: sms.to, Body: sms.body, StatusCallback: sms.statusCallbackUrl },
          authorization: BASIC,
        },
      ]);
    });

    it('repeats MediaUrl for each attachment', async () => {
      const mediaUrls = ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/b.png'];

      unwrap(await sut.sendSms({ ...sms, mediaUrls }));

      expect(fake.requests[0]!.form).toEqual({
        From: sms.from,
        To: sms.to,
        Body: sms.body,
        MediaUrl: mediaUrls,
        StatusCallback: sms.statusCallbackUrl,
      });
    });

    it('explains 30034 (US A2P 10DLC registration missing)', async () => {
      fake.failNext('createMessage', { status: 400, code: 30034, message: 'Message from an Unregistered Number' });

      const result = await sut.sendSms(sms);

      expect(E.isLeft(result) && result.left).toEqual({
        _tag: 'ProviderError',
        message:
          'US A2P 10DLC: the sending number is not registered for application-to-person messaging; register a brand and campaign with the carrier (Twilio: Message from an Unregistered Number)',
        providerCode: '30034',
      });
    });

    it('explains 21610 (the recipient replied STOP)', async () => {
      fake.failNext('createMessage', { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' });

      const result = await sut.sendSms(sms);

      expect(E.isLeft(result) && result.left.providerCode).toBe('21610');
      expect(E.isLeft(result) && result.left.message).toMatch(/opted out \(replied STOP\)/);
    });
  });

  describe('findSentSms', () => {
    const sms = {
      from: trustE164('+14155550110'),
      to: trustE164('+14155550111'),
      body: 'See you at noon',
      mediaUrls: [] as string[],
      statusCallbackUrl: 'https://switchboard.example.com/twilio/sms/status?messageId=msg_1',
    };

    it('lists the texts between the two numbers and keeps those with the same body created since then', async () => {
      const before = new Date(Date.now() - 60_000);
      const first = unwrap(await sut.sendSms(sms));
      unwrap(await sut.sendSms({ ...sms, body: 'Another text' }));
      unwrap(await sut.sendSms({ ...sms, to: trustE164('+14155550112') }));

      const found = unwrap(await sut.findSentSms(sms, before));

      expect(found).toEqual([{ providerMessageId: first.providerMessageId, status: 'queued' }]);
      expect(fake.requestsTo('listMessages').map((r) => ({ To: r.query.To, From: r.query.From }))).toEqual([{ To: sms.to, From: sms.from }]);
    });

    it('leaves out texts created before the try it looks for', async () => {
      unwrap(await sut.sendSms({ ...sms, body: 'Earlier text' }));

      expect(unwrap(await sut.findSentSms({ ...sms, body: 'Earlier text' }, new Date(Date.now() + 60_000)))).toEqual([]);
    });
  });

  it('reports wrong credentials as 20003 without echoing the token', async () => {
    const wrong = new TwilioTelephony({ accountSid: ACCOUNT_SID, authToken: 'not-the-token', apiUrl: fake.url });

    const result = await wrong.searchNumbers({ country: 'US', areaCode: null, limit: 1 });

    expect(E.isLeft(result) && result.left.providerCode).toBe('20003');
    expect(JSON.stringify(result)).not.toContain('not-the-token');
  });

  it('reports an unreachable API as a ProviderError without a code, and never throws', async () => {
    const stopped = await FakeTwilioApi.start({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
    const apiUrl = stopped.url;
    await stopped.stop();
    const offline = new TwilioTelephony({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, apiUrl });

    const result = await offline.sendSms({
      from: trustE164('+14155550100'),
      to: trustE164('+14155550199'),
      body: 'hi',
      mediaUrls: [],
      statusCallbackUrl: 'https://switchboard.example.com/twilio/sms/status',
    });

    expect(E.isLeft(result) && result.left.providerCode).toBeNull();
    expect(E.isLeft(result) && result.left.message).toMatch(new RegExp(`^could not reach the Twilio API at ${apiUrl}: `));
    expect(JSON.stringify(result)).not.toContain(AUTH_TOKEN);
  });
});

describe(RedirectingRequestClient.name, () => {
  it('keeps the path and query of any Twilio host and puts the API URL in front', () => {
    const sut = new RedirectingRequestClient('http://127.0.0.1:4010/fake/');

    expect(sut.redirect('https://api.twilio.com/2010-04-01/Accounts/AC1/Calls.json?PageSize=5')).toBe(
      'http://127.0.0.1:4010/fake/2010-04-01/Accounts/AC1/Calls.json?PageSize=5',
    );
    expect(sut.redirect('https://messaging.sydney.au1.twilio.com/v1/Services')).toBe('http://127.0.0.1:4010/fake/v1/Services');
  });
});

describe('recordings', () => {
  it('fetch the MP3 of the recording URL, on the API URL when one is set', () => {
    const url = `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/RE1`;

    expect(recordingMp3Url(url, null)).toBe(`${url}.mp3`);
    expect(recordingMp3Url(url, 'http://127.0.0.1:4010/fake/')).toBe(`http://127.0.0.1:4010/fake${API}/Recordings/RE1.mp3`);
  });

  it("never send the account's credentials to a host that is not Twilio's", async () => {
    const sut = new TwilioTelephony({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, apiUrl: null });

    const result = await sut.fetchRecording('http://127.0.0.1:1/Recordings/RE1');

    expect(E.isLeft(result) && result.left.message).toContain('is not on Twilio');
  });
});
