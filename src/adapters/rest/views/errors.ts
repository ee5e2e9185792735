import * as t from 'io-ts';

/** One rejected field of a 422. */
export const FieldProblemView = t.strict({ field: t.string, message: t.string, type: t.string });

/**
 * Every failure's body: `error` (the spec's envelope; `code` is what clients branch on) and
 * `detail`, FastAPI's shape, for clients that read it: the list of fields on a 422, the message otherwise.
 */
export const ErrorEnvelopeView = t.strict({
  error: t.exact(
    t.intersection([t.type({ message: t.string, code: t.string, type: t.string }), t.partial({ details: t.readonlyArray(FieldProblemView) })]),
  ),
  detail: t.union([t.string, t.array(t.strict({ loc: t.array(t.string), msg: t.string, type: t.string }))]),
}, 'ErrorEnvelope');
