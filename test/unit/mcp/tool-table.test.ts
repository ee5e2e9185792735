import { readFileSync } from 'node:fs';
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { describe, expect, it } from 'vitest';
import { snakeCased } from '../../../src/adapters/mcp/arguments.js';
import { MCP_TOOLS } from '../../../src/adapters/mcp/index.js';
import { CreateCallBody } from '../../../src/adapters/rest/codecs/calls.js';

describe('the MCP tool table', () => {
  it('names each tool once, and docs/mcp.md lists every one', () => {
    const names = MCP_TOOLS.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    const doc = readFileSync(new URL('../../../docs/mcp.md', import.meta.url), 'utf8');
    for (const name of names) expect(doc, name).toContain(`\`${name}\``);
  });

  it('offers only sign-up and verification without a key', () => {
    expect(MCP_TOOLS.filter((tool) => tool.access === 'public').map((tool) => tool.name)).toEqual(['sign_up', 'verify_sign_up']);
  });
});

describe(snakeCased.name, () => {
  const sut = snakeCased(CreateCallBody);

  it('reads snake_case arguments with the REST codec’s fields and hands back the REST body', () => {
    const decoded = sut.codec.decode({ agent_id: 'agt_1', to_number: '+14155550100', initial_greeting: 'Hi' });
    expect(E.isRight(decoded) && sut.read(decoded.right)).toEqual({ agentId: 'agt_1', toNumber: '+14155550100', initialGreeting: 'Hi' });
  });

  it('refuses what the REST codec refuses, under the snake_case name', () => {
    const decoded = sut.codec.decode({ agent_id: 'agt_1', to_number: 'nope' });
    expect(E.isLeft(decoded) && decoded.left.map((e) => e.context.map((c) => c.key).filter(Boolean).at(-1))).toContain('to_number');
  });

  it('refuses a codec that is not an object of fields', () => {
    expect(() => snakeCased(t.string)).toThrow(/not an object codec/);
  });
});
