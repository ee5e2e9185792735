import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';
import { apiReferenceRoutes } from '../../adapters/api-reference/api-reference-routes.js';
import { VoiceAnswerObject } from '../../adapters/http/voice-answer.js';
import { EVENT_CODECS } from '../../adapters/http/outbound-event-codecs.js';
import { jsonSchemaOf } from '../../adapters/json-schema/io-ts-json-schema.js';
import { openApiDocument, type WebhookEvent } from '../../adapters/rest/openapi/document.js';

const eventCodec = (key: string) => {
  const codec = EVENT_CODECS[key];
  if (!codec) throw new Error(`no outbound event codec for ${key}`);
  return codec;
};

/** The events of the catalogue, as the document's `webhooks` section names and explains them. */
export const WEBHOOK_EVENTS: Readonly<Record<string, WebhookEvent>> = {
  'agent.message (sms)': {
    summary: 'A text arrived for an agent',
    description: 'Sent (and retried until a 2xx) when a text reaches one of your numbers; carries the conversation state and recent history.',
    codec: eventCodec('agent.message sms'),
  },
  'agent.message_failed': {
    summary: 'The carrier refused a text an agent sent',
    description: 'Sent (and retried until a 2xx) when a text sent with `POST /v1/messages` (or a hosted reply) is refused by the carrier, whether the request saw it or the outbound-text worker did after a restart.',
    codec: eventCodec('agent.message_failed sms'),
  },
  'agent.message (voice)': {
    summary: 'The caller said something: answer with what the agent says',
    description: 'Sent once per caller turn of a webhook-mode call; the answer is spoken. The webhook\'s `timeout` bounds the whole exchange.',
    codec: eventCodec('agent.message voice'),
    answer: {
      description: 'What the agent says and does: one JSON object, an array of them, or NDJSON streamed line by line (speech starts with the first line).',
      codec: VoiceAnswerObject,
    },
  },
  'agent.call_ended': {
    summary: 'A call ended',
    description: 'Sent (and retried until a 2xx) when a call ends, with its transcript.',
    codec: eventCodec('agent.call_ended voice'),
  },
};

/** Our own package's version: the nearest package.json above this module (from src/ or dist/src/). */
const packageVersion = (): string => {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string };
    if (version) return version;
  }
  return '0.0.0';
};

/** The OpenAPI document of this server: served at `{publicUrl}`, the host's base path included. */
export const openApiDocumentFor = (publicUrl: string) =>
  openApiDocument({ schemaOf: jsonSchemaOf, serverUrl: publicUrl, version: packageVersion(), events: WEBHOOK_EVENTS });

/** `{base}/openapi.json` and `{base}/docs`, written on first request. */
export const apiReferenceRoutesFor = (publicUrl: string): Hono =>
  apiReferenceRoutes(() => openApiDocumentFor(publicUrl)) as unknown as Hono;
