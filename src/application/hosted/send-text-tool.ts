import * as E from 'fp-ts/lib/Either.js';
import type { Agent } from '../../domain/agent.js';
import type { Call } from '../../domain/call.js';
import { conversationOf } from '../../domain/conversation-settings.js';
import { trustE164 } from '../../domain/e164.js';
import type { ToolDefinition } from '../ports/language-model.js';
import { HOSTED_TEXT_ORIGIN } from '../../domain/audit-event.js';
import type { TextSender } from '../ports/text-sender.js';
import type { ToolRunResult } from './custom-tool-runner.js';

export const SEND_TEXT_TOOL = 'send_text';

/** A text longer than a few SMS segments is no longer a quick note during a call. */
const MAX_BODY = 640;

/** Offered when the agent has `enableMessaging` and the call is on a phone line, so there is a number to text from and to. */
export const sendTextTools = (call: Call, agent: Agent | null, texts: TextSender | undefined): ToolDefinition[] =>
  texts && agent && call.type === 'pstn' && call.phoneNumberId !== null && conversationOf(call).enableMessaging
    ? [
        {
          name: SEND_TEXT_TOOL,
          description:
            'Text the person on this call from the number of the call, while you talk (a confirmation number, an address, a link). ' +
            'Tell them you are sending it.',
          parameters: {
            type: 'object',
            properties: { body: { type: 'string', description: 'The text message, short and self-contained.' } },
            required: ['body'],
            additionalProperties: false,
          },
        },
      ]
    : [];

/** Why a send was refused, in words the model can pass on: the sender's own message when it has one. */
const refusalOf = (error: unknown): string => {
  if (typeof error === 'object' && error !== null) {
    if ('message' in error && typeof error.message === 'string') return error.message;
    if ('_tag' in error && typeof error._tag === 'string') return error._tag;
  }
  return String(error);
};

/**
 * Texts the other party of the call through the same send as `POST /v1/messages` (suppression,
 * consent and the thread kept alike). The key makes a replayed tool call send once.
 */
export const sendText = async (texts: TextSender, call: Call, agent: Agent, args: Readonly<Record<string, unknown>>, key: string): Promise<ToolRunResult> => {
  const body = typeof args.body === 'string' ? args.body.trim() : '';
  if (body === '') return { outcome: 'error', httpStatus: null, content: `Not sent: ${SEND_TEXT_TOOL} needs a body.` };
  if (body.length > MAX_BODY) return { outcome: 'error', httpStatus: null, content: `Not sent: keep the text under ${MAX_BODY} characters.` };
  const sent = await texts.execute({
    projectId: call.projectId,
    agentId: agent.id,
    to: trustE164(call.direction === 'inbound' ? call.fromNumber : call.toNumber),
    body,
    mediaUrls: [],
    numberId: call.phoneNumberId,
    fromNumber: null,
    idempotencyKey: key,
    origin: HOSTED_TEXT_ORIGIN,
  })();
  return E.isRight(sent)
    ? { outcome: 'ok', httpStatus: null, content: 'Sent: the text is on its way to the caller.' }
    : { outcome: 'error', httpStatus: null, content: `Not sent: ${refusalOf(sent.left)}. Tell the caller you could not text them.` };
};
