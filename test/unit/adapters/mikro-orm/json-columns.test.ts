import { describe, expect, it } from 'vitest';
import type * as t from 'io-ts';
import {
  AnalysisResultJson,
  CallBehaviourJson,
  CorruptJsonColumn,
  CustomToolsJson,
  decodeColumn,
  FreeFormJson,
  FromNumberJson,
  KeptAnswerJson,
  MediaUrlsJson,
  PacingJson,
  RetryJson,
  ScheduleJson,
  ToolTurnJson,
  TurnLatencyJson,
  VariablesJson,
} from '../../../../src/adapters/mikro-orm/json-columns.js';

const decode = <A>(codec: t.Decoder<unknown, A>, value: unknown): A => decodeColumn(codec, value, 'things', 'doc', 'row-1');

const corrupt = (codec: t.Decoder<unknown, unknown>, value: unknown): CorruptJsonColumn => {
  try {
    decode(codec, value);
  } catch (error) {
    expect(error).toBeInstanceOf(CorruptJsonColumn);
    return error as CorruptJsonColumn;
  }
  throw new Error('the corrupt value decoded');
};

const tool = {
  name: 'lookup',
  description: 'Looks an order up',
  url: 'https://example.com/orders',
  method: 'POST',
  headers: { 'x-key': 'k' },
  parameters: { type: 'object' },
  timeoutMs: 5000,
  speakDuringExecution: false,
  executionMessage: null,
};

const cases: readonly { name: string; codec: t.Decoder<unknown, unknown>; good: unknown; bad: unknown }[] = [
  { name: 'from number', codec: FromNumberJson, good: { kind: 'single', numberId: 'num_1' }, bad: { kind: 'single' } },
  { name: 'pacing', codec: PacingJson, good: { maxConcurrentCalls: 2, callsPerMinute: 10 }, bad: { maxConcurrentCalls: '2', callsPerMinute: 10 } },
  {
    name: 'retry',
    codec: RetryJson,
    good: { maxAttempts: 3, backoffSeconds: 600, backoffMultiplier: 2, retryOn: ['busy', 'no_answer'] },
    bad: { maxAttempts: 3, backoffSeconds: 600, backoffMultiplier: 2, retryOn: ['hung_up'] },
  },
  { name: 'tool turn', codec: ToolTurnJson, good: { toolCallId: 'c1', name: 'lookup', outcome: 'ok', httpStatus: 200 }, bad: { toolCallId: 'c1', name: 'lookup', outcome: 'great' } },
  {
    name: 'analysis result',
    codec: AnalysisResultJson,
    good: { summary: 'Booked', userSentiment: 'positive', callSuccessful: true, extracted: null },
    bad: { summary: 'Booked', userSentiment: 'elated', callSuccessful: true, extracted: null },
  },
  { name: 'turn latency', codec: TurnLatencyJson, good: { firstTokenMs: 200, firstTextMs: null, toolMs: 0 }, bad: { firstTokenMs: '200', firstTextMs: null, toolMs: 0 } },
  { name: 'variables', codec: VariablesJson, good: { first_name: 'Ada' }, bad: { first_name: 7 } },
  { name: 'free-form object', codec: FreeFormJson, good: { step: 2 }, bad: ['step'] },
  { name: 'media URLs', codec: MediaUrlsJson, good: ['https://example.com/a.png'], bad: 'https://example.com/a.png' },
  { name: 'custom tools', codec: CustomToolsJson, good: [tool], bad: [{ ...tool, method: 'BREW' }] },
  { name: 'call behaviour', codec: CallBehaviourJson, good: { maxSilenceMs: 8000 }, bad: 'quiet' },
  {
    name: 'kept answer',
    codec: KeptAnswerJson,
    good: { kind: 'accepted', status: 'queued', providerMessageId: null, errorCode: null },
    bad: { kind: 'accepted', status: 'lost', providerMessageId: null, errorCode: null },
  },
];

describe('the codecs of the jsonb columns', () => {
  for (const { name, codec, good, bad } of cases) {
    it(`decodes a stored ${name} and refuses a corrupt one, naming the table, column and row`, () => {
      expect(decode(codec, good)).toEqual(good);
      const error = corrupt(codec, bad);
      expect(error).toMatchObject({ table: 'things', column: 'doc', rowId: 'row-1' });
      expect(error.message).toContain('things.doc of row row-1');
    });
  }

  it('decodes a schedule’s instants from ISO text and encodes them back, and refuses one that is no instant', () => {
    const stored = {
      startAt: '2026-12-01T09:00:00.000Z',
      endBy: null,
      weekdays: [1, 2, 3, 4, 5],
      dailyStartMinute: 540,
      dailyEndMinute: 1020,
      defaultTimeZone: 'Europe/Paris',
    };
    const schedule = decode(ScheduleJson, stored);
    expect(schedule.startAt).toEqual(new Date('2026-12-01T09:00:00.000Z'));
    expect(ScheduleJson.encode(schedule)).toEqual(stored);
    expect(corrupt(ScheduleJson, { ...stored, startAt: 'soon' }).message).toContain('startAt');
    expect(corrupt(ScheduleJson, { ...stored, weekdays: [0] }).message).toContain('weekdays');
  });
});
