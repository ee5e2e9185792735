import { randomBytes } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import { afterEach, describe, expect, it } from 'vitest';
import { GetCallRecording } from '../../../src/application/use-cases/calls/get-call-recording.js';
import type { FakeTwilioApi } from '../../support/fake-twilio-api.js';
import { ACCOUNT_SID, AUTH_TOKEN, aVoiceSwitchboard, type VoiceHarness } from './voice-harness.js';
import { trustMailbox } from '../../../src/domain/mailbox.js';

const AUDIO = Uint8Array.from(randomBytes(4096));
const BASIC = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;

/** Recordings on the fake Twilio API: `GET …/Recordings/RE….mp3` serves the bytes of the recordings it holds. */
const addRecordingsApi = (fake: FakeTwilioApi, recordings: ReadonlyMap<string, Uint8Array>) =>
  fake.addEndpoint('fetchRecording', 'GET', '/2010-04-01/Accounts/(?<accountSid>AC[0-9a-fA-F]{32})/Recordings/(?<sid>RE\\w+)\\.mp3', (r) => {
    const audio = recordings.get(r.params.sid!);
    if (!audio) return { status: 404, body: { code: 20404, message: `The requested resource ${r.params.sid} was not found`, status: 404 } };
    return { status: 200, body: audio, contentType: 'audio/mpeg' };
  });

describe(GetCallRecording.name, () => {
  let sut: VoiceHarness;
  afterEach(async () => {
    await sut.stop();
  });

  describe('with Twilio as the carrier', () => {
    const recordingUrl = (sid: string) => `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/${sid}`;

    /** An inbound call on a project with the recording add-on, whose recording callback named `sid` (if given). */
    const aRecordedInboundCall = async (recordingSid: string | null) => {
      const line = await sut.anAgentOnTheLine();
      await sut.read(async (tx) => tx.projects.save({ ...(await tx.projects.findById(sut.owner.projectId))!, recordingEnabled: true }));
      const call = await sut.inboundCall(line.phoneNumber);
      if (recordingSid) {
        const posted = await sut.twilioPost(`/twilio/voice/recording?callId=${call.callId}`, {
          CallSid: call.callSid,
          AccountSid: ACCOUNT_SID,
          RecordingSid: recordingSid,
          RecordingUrl: recordingUrl(recordingSid),
          RecordingStatus: 'completed',
        });
        expect(posted.status).toBe(200);
      }
      return call.callId!;
    };

    const start = async () => {
      sut = await aVoiceSwitchboard();
      addRecordingsApi(sut.fake, new Map([['RE0001', AUDIO]]));
    };

    it('streams the MP3 from the recording URL, on TWILIO_API_URL, with the account Basic auth', async () => {
      await start();
      const callId = await aRecordedInboundCall('RE0001');

      const response = await fetch(`${sut.url}/v1/calls/${callId}/recording`, { headers: { authorization: `Bearer ${sut.owner.key}` } });

      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('audio/mpeg');
      expect(response.headers.get('cache-control')).toBe('private');
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(AUDIO);
      const asked = sut.fake.requestsTo('fetchRecording');
      expect(asked).toHaveLength(1);
      expect(asked[0]).toMatchObject({ method: 'GET', path: `/2010-04-01/Accounts/${ACCOUNT_SID}/Recordings/RE0001.mp3`, authorization: BASIC });
    });

    it("answers 404 for another project's call, without asking the carrier", async () => {
      await start();
      const callId = await aRecordedInboundCall('RE0001');
      const other = await sut.sut.useCases().projects.createProject.execute({ email: trustMailbox(`other-${randomBytes(4).toString('hex')}@example.com`) })();
      if (E.isLeft(other)) throw new Error('project not created');

      const response = await sut.api('GET', `/v1/calls/${callId}/recording`, undefined, other.right.apiKey.clear);

      expect(response.status).toBe(404);
      expect(response.body.error).toMatchObject({ code: 'NOT_FOUND' });
      expect(sut.fake.requestsTo('fetchRecording')).toHaveLength(0);
    });

    it('answers 404 for a call without a recording, and for an unknown call', async () => {
      await start();
      const callId = await aRecordedInboundCall(null);

      expect((await sut.api('GET', `/v1/calls/${callId}/recording`)).status).toBe(404);
      expect((await sut.api('GET', '/v1/calls/call_unknown/recording')).status).toBe(404);
      expect(sut.fake.requestsTo('fetchRecording')).toHaveLength(0);
    });

    it('answers 404 when Twilio no longer has the recording', async () => {
      await start();
      const callId = await aRecordedInboundCall('RE0404');

      const response = await sut.api('GET', `/v1/calls/${callId}/recording`);

      expect(response.status).toBe(404);
      expect(sut.fake.requestsTo('fetchRecording')).toHaveLength(1);
    });

    it('answers 502 TWILIO_ERROR when Twilio fails', async () => {
      await start();
      const callId = await aRecordedInboundCall('RE0001');
      sut.fake.failNext('fetchRecording', { status: 500, code: 20500, message: 'Internal Server Error' });

      const response = await sut.api('GET', `/v1/calls/${callId}/recording`);

      expect(response.status).toBe(502);
      expect(response.body.error).toMatchObject({ code: 'TWILIO_ERROR' });
      expect(response.body.error.message).toContain('20500');
    });

    it('requires an API key', async () => {
      await start();
      const callId = await aRecordedInboundCall('RE0001');

      const response = await fetch(`${sut.url}/v1/calls/${callId}/recording`);

      expect(response.status).toBe(401);
      expect(sut.fake.requestsTo('fetchRecording')).toHaveLength(0);
    });
  });

  it('answers 404 on the simulated carrier, which records no audio', async () => {
    sut = await aVoiceSwitchboard({ twilio: false });
    const line = await sut.anAgentOnTheLine();
    const started = await sut.sut.voice().simulated!.startInbound({ from: '+14155550123', to: line.phoneNumber });
    if (E.isLeft(started)) throw new Error(started.left._tag);
    const callId = started.right.callId;

    expect((await sut.api('GET', `/v1/calls/${callId}/recording`)).status).toBe(404);
    // Even a call marked as recorded: the simulated carrier has no audio to serve.
    await sut.read(async (tx) => tx.calls.save({ ...(await tx.calls.findByIdInAnyProject(callId))!, recordingUrl: 'https://example.com/RE1', recordingAvailable: true }));
    expect((await sut.api('GET', `/v1/calls/${callId}/recording`)).status).toBe(404);
  });
});
