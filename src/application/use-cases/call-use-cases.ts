import type { AnswerInboundCall } from './calls/answer-inbound-call.js';
import type { AttachCallRecording } from './calls/attach-call-recording.js';
import type { CreateWebCall } from './calls/create-web-call.js';
import type { EndCall } from './calls/end-call.js';
import type { FinishCall } from './calls/finish-call.js';
import type { GetCallRecording } from './calls/get-call-recording.js';
import type { PlaceOutboundCall } from './calls/place-outbound-call.js';
import type { PlaceCampaignCalls } from './calls/place-campaign-calls.js';
import type { GetCall } from './calls/get-call.js';
import type { ListCalls } from './calls/list-calls.js';
import type { StreamTranscript } from './calls/stream-transcript.js';
import type { RecordAnsweredBy } from './calls/record-answered-by.js';
import type { AwaitCallEnd } from './calls/await-call-end.js';
import type { RecordWarmTransfer } from './calls/record-warm-transfer.js';
import type { RecordCallScenario } from './calls/record-call-scenario.js';

/** The call use cases: `useCases.calls` of the one registry. */
export interface CallUseCases {
  readonly answerInboundCall: AnswerInboundCall;
  readonly placeOutboundCall: PlaceOutboundCall;
  /** A campaign round's calls together: the engine's dialler. */
  readonly placeCampaignCalls: PlaceCampaignCalls;
  readonly createWebCall: CreateWebCall;
  readonly finishCall: FinishCall;
  readonly endCall: EndCall;
  readonly attachCallRecording: AttachCallRecording;
  readonly getCall: GetCall;
  readonly listCalls: ListCalls;
  readonly getCallRecording: GetCallRecording;
  readonly streamTranscript: StreamTranscript;
  readonly recordAnsweredBy: RecordAnsweredBy;
  readonly awaitCallEnd: AwaitCallEnd;
  readonly recordWarmTransfer: RecordWarmTransfer;
  readonly recordCallScenario: RecordCallScenario;
}
