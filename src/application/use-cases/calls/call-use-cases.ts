import type { AnswerInboundCall } from './answer-inbound-call.js';
import type { AttachCallRecording } from './attach-call-recording.js';
import type { CreateWebCall } from './create-web-call.js';
import type { EndCall } from './end-call.js';
import type { FinishCall } from './finish-call.js';
import type { GetCallRecording } from './get-call-recording.js';
import type { PlaceOutboundCall } from './place-outbound-call.js';
import type { GetCall, ListCalls } from './read-calls.js';
import type { StreamTranscript } from './stream-transcript.js';

/** The call use cases: `useCases.calls` of the one registry. */
export interface CallUseCases {
  readonly answerInboundCall: AnswerInboundCall;
  readonly placeOutboundCall: PlaceOutboundCall;
  readonly createWebCall: CreateWebCall;
  readonly finishCall: FinishCall;
  readonly endCall: EndCall;
  readonly attachCallRecording: AttachCallRecording;
  readonly getCall: GetCall;
  readonly listCalls: ListCalls;
  readonly getCallRecording: GetCallRecording;
  readonly streamTranscript: StreamTranscript;
}
