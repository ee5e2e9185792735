import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { MAX_HANDOFFS_PER_CALL } from '../../../src/domain/agent-handoff.js';
import { agentsOfCall, handOffCall } from '../../../src/domain/call-handoff.js';
import { aCall, anAgent, at } from '../../support/builders.js';

describe(handOffCall.name, () => {
  const a = anAgent({ name: 'A', voice: 'Google.en-US-Journey-O' });
  const b = anAgent({ projectId: a.projectId, name: 'B', voice: 'Google.en-US-Journey-D', voiceMode: 'hosted', systemPrompt: 'B.' });
  const withLinks = { a: { ...a, handoffs: [{ agentId: b.id, description: 'b', name: 'b' }] }, b: { ...b, handoffs: [{ agentId: a.id, description: 'a', name: 'a' }] } };

  it('moves the call to the new agent, its voice and mode, and keeps the history', () => {
    const call = aCall({ projectId: a.projectId, agentId: a.id, voice: a.voice });

    const sut = handOffCall(call, withLinks.a, b, ' Refund. ', at(5));

    expect(E.isRight(sut) && { agentId: sut.right.agentId, voice: sut.right.voice, voiceMode: sut.right.voiceMode }).toEqual({ agentId: b.id, voice: b.voice, voiceMode: 'hosted' });
    expect(E.isRight(sut) && agentsOfCall(sut.right).map((x) => [x.agentId, x.summary])).toEqual([[a.id, null], [b.id, 'Refund.']]);
  });

  it('refuses past the per-call limit, so two agents cannot pass a caller back and forth for ever', () => {
    let call = aCall({ projectId: a.projectId, agentId: a.id });
    for (let i = 0; i < MAX_HANDOFFS_PER_CALL; i++) {
      const [from, to] = i % 2 === 0 ? [withLinks.a, withLinks.b] : [withLinks.b, withLinks.a];
      const next = handOffCall(call, from, to, null, at(i));
      if (E.isLeft(next)) throw new Error(next.left._tag);
      call = next.right;
    }
    const from = call.agentId === a.id ? withLinks.a : withLinks.b;

    expect(handOffCall(call, from, from === withLinks.a ? b : a, null, at(99))).toEqual(E.left({ _tag: 'HandoffLimitReached', limit: MAX_HANDOFFS_PER_CALL }));
  });

  it('refuses an agent the one on the call does not list', () => {
    expect(handOffCall(aCall({ projectId: a.projectId, agentId: a.id }), a, b, null, at(1))).toEqual(E.left({ _tag: 'HandoffNotAllowed', toAgentId: b.id }));
  });
});
