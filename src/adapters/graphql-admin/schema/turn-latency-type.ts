import type { AdminBuilder } from './builder.js';

/** An agent answer's latency figures, on each transcript turn that has them. */
export const defineTurnLatencyType = (builder: AdminBuilder): void => {
  builder.objectType('TurnLatency', {
    description: "An answer's milliseconds from the caller's words: to the first token of the webhook or model, to the first text sent, and spent in tool calls.",
    fields: (t) => ({
      firstTokenMs: t.int({ nullable: true, resolve: (l) => l.firstTokenMs }),
      firstTextMs: t.int({ nullable: true, resolve: (l) => l.firstTextMs }),
      toolMs: t.int({ resolve: (l) => l.toolMs }),
    }),
  });
};
