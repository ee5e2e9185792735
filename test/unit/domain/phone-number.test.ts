import * as E from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import type { Agent } from '../../../src/domain/agent.js';
import { trustE164 } from '../../../src/domain/e164.js';
import { attachTo, type PhoneNumber } from '../../../src/domain/phone-number.js';

const aNumber = (overrides: Partial<PhoneNumber> = {}): PhoneNumber => ({
  id: 'num_1',
  projectId: 'prj_1',
  phoneNumber: trustE164('+14155550100'),
  country: 'US',
  status: 'active',
  agentId: null,
  providerId: 'PN1',
  createdAt: new Date('2026-01-01T00:00:00.000Z'),
  releasedAt: null,
  ...overrides,
});

const anAgentOf = (projectId: string, id: string) => ({ id, projectId }) as Agent;

describe(attachTo.name, () => {
  it('gives a free number to the agent', () => {
    expect(attachTo(aNumber(), anAgentOf('prj_1', 'agt_b'))).toEqual(E.right(aNumber({ agentId: 'agt_b' })));
  });

  it("moves a number from its agent to another of the project's agents", () => {
    expect(attachTo(aNumber({ agentId: 'agt_a' }), anAgentOf('prj_1', 'agt_b'))).toEqual(E.right(aNumber({ agentId: 'agt_b' })));
  });

  it('refuses a released number and an agent of another project', () => {
    expect(attachTo(aNumber({ status: 'released' }), anAgentOf('prj_1', 'agt_b'))).toEqual(E.left({ _tag: 'NumberReleased', numberId: 'num_1' }));
    expect(attachTo(aNumber(), anAgentOf('prj_2', 'agt_b'))).toEqual(E.left({ _tag: 'ForeignResource', resource: 'number', id: 'num_1' }));
  });
});
