import { randomBytes } from 'node:crypto';
import { twilioError, type EndpointRequest, type FakeTwilioApi, type Reply, type WireValue } from './fake-twilio-api.js';

const API = '/2010-04-01/Accounts/(?<accountSid>AC[0-9a-fA-F]{32})';
const hex32 = () => randomBytes(16).toString('hex');
const single = (value: WireValue | undefined) => (Array.isArray(value) ? value[0] : value);

/** What the fake holds of an account's API keys and TwiML Apps, by SID. */
export interface WebCallResources {
  /** Each key with the secret Twilio showed once, at creation. */
  readonly keys: Map<string, { readonly sid: string; readonly secret: string; readonly friendlyName: string }>;
  readonly applications: Map<string, Record<string, unknown>>;
}

const notFound = (sid: string | undefined): Reply => twilioError({ status: 404, code: 20404, message: `The requested resource ${sid} was not found` });

/**
 * API keys (`Keys.json`: create shows the secret once; delete) and TwiML Apps
 * (`Applications.json`: create with VoiceUrl, VoiceMethod, FriendlyName; delete) on the fake
 * Twilio REST API. Endpoint names: createKey, deleteKey, createApplication, deleteApplication.
 */
export const addWebCallResourcesApi = (fake: FakeTwilioApi): WebCallResources => {
  const resources: WebCallResources = { keys: new Map(), applications: new Map() };
  fake.addEndpoint('createKey', 'POST', `${API}/Keys\\.json`, ({ form }) => {
    const key = { sid: `SK${hex32()}`, secret: randomBytes(24).toString('base64url'), friendlyName: single(form.FriendlyName) ?? '' };
    resources.keys.set(key.sid, key);
    const now = new Date().toUTCString();
    return { status: 201, body: { sid: key.sid, friendly_name: key.friendlyName, date_created: now, date_updated: now, secret: key.secret } };
  });
  fake.addEndpoint('deleteKey', 'DELETE', `${API}/Keys/(?<sid>SK\\w+)\\.json`, ({ params }) =>
    resources.keys.delete(params.sid!) ? { status: 204 } : notFound(params.sid),
  );
  fake.addEndpoint('createApplication', 'POST', `${API}/Applications\\.json`, (request) => createApplication(resources, request));
  fake.addEndpoint('deleteApplication', 'DELETE', `${API}/Applications/(?<sid>AP\\w+)\\.json`, ({ params }) =>
    resources.applications.delete(params.sid!) ? { status: 204 } : notFound(params.sid),
  );
  return resources;
};

const createApplication = (resources: WebCallResources, { accountSid, form }: EndpointRequest): Reply => {
  const sid = `AP${hex32()}`;
  const now = new Date().toUTCString();
  const application: Record<string, unknown> = {
    sid,
    account_sid: accountSid,
    api_version: '2010-04-01',
    friendly_name: single(form.FriendlyName) ?? sid,
    voice_url: single(form.VoiceUrl) ?? null,
    voice_method: single(form.VoiceMethod) ?? 'POST',
    voice_fallback_url: null,
    voice_fallback_method: 'POST',
    voice_caller_id_lookup: false,
    status_callback: null,
    status_callback_method: 'POST',
    sms_url: null,
    sms_method: 'POST',
    date_created: now,
    date_updated: now,
    uri: `/2010-04-01/Accounts/${accountSid}/Applications/${sid}.json`,
  };
  resources.applications.set(sid, application);
  return { status: 201, body: application };
};
