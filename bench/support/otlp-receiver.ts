import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** A local OTLP/HTTP traces endpoint in a process of its own that takes every export (and counts them), as a collector would. */
export interface OtlpReceiver {
  /** For `OTEL_EXPORTER_OTLP_ENDPOINT`: spans are POSTed to `{url}/v1/traces`. */
  readonly url: string;
  /** Exports received so far, and their bytes. */
  readonly exports: () => Promise<{ readonly requests: number; readonly bytes: number }>;
  close(): Promise<void>;
}

interface ReceiverMessage {
  readonly type: string;
  readonly port?: number;
  readonly requests?: number;
  readonly bytes?: number;
}

/** The next message of `type` from the receiver's process. */
const next = async (child: ChildProcess, type: string): Promise<ReceiverMessage> => {
  for (;;) {
    const [message] = (await once(child, 'message')) as [ReceiverMessage];
    if (message.type === type) return message;
  }
};

/** Starts the receiver's process and waits for its port. */
export const startOtlpReceiver = async (): Promise<OtlpReceiver> => {
  const child = fork(fileURLToPath(new URL('./otlp-receiver-process.mjs', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { port } = await next(child, 'listening');
  return {
    url: `http://127.0.0.1:${port}`,
    exports: async () => {
      child.send({ type: 'count' });
      const { requests = 0, bytes = 0 } = await next(child, 'count');
      return { requests, bytes };
    },
    close: async () => {
      const exited = once(child, 'exit');
      child.send({ type: 'close' });
      await exited;
    },
  };
};

/** The standard variables that turn traces on, exported to `receiver`. */
export const tracingEnv = (receiver: OtlpReceiver): Record<string, string> => ({
  OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
  OTEL_SERVICE_NAME: 'switchboard-bench',
});
