import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/bootstrap/config.js';

describe('OTEL_EXPORTER_OTLP_PROTOCOL', () => {
  it.each([{}, { OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }, { OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' }])('takes %j', (env) => {
    expect(E.isRight(loadConfig(env))).toBe(true);
  });

  it('refuses a protocol Switchboard does not export with, at start, naming what it takes', () => {
    expect(loadConfig({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toEqual(
      E.left(['OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json (got grpc)']),
    );
  });
});
