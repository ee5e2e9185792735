import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/adapters/pino/pino-logger.js';
import { OutboundGuard } from '../../../src/adapters/http/outbound-guard.js';
import { DENY_PRIVATE_NETWORKS } from '../../../src/adapters/http/private-network-targets.js';
import type { ToolRequest, ToolResponse, ToolTransport } from '../../../src/application/ports/tool-transport.js';
import { CustomToolRunner } from '../../../src/application/hosted/custom-tool-runner.js';
import type { CustomTool } from '../../../src/domain/custom-tool.js';

const aTool = (overrides: Partial<CustomTool> = {}): CustomTool => ({
  name: 'lookup_order',
  description: 'Looks up an order.',
  url: 'https://api.example.com/customers/{{customer}}/orders',
  method: 'POST',
  headers: { Authorization: 'Bearer customer-secret' },
  parameters: { type: 'object', properties: {} },
  timeoutMs: 1000,
  speakDuringExecution: false,
  executionMessage: null,
  ...overrides,
});

class RecordingTransport implements ToolTransport {
  readonly sent: ToolRequest[] = [];
  async send(request: ToolRequest): Promise<ToolResponse> {
    this.sent.push(request);
    return { outcome: 'ok', httpStatus: 200, body: '{}', errorMessage: null, durationMs: 1 };
  }
}

const context = (variables: Record<string, string>) => ({ requestId: 'tool_1', variables, secret: null });

describe(CustomToolRunner.name, () => {
  const guard = new OutboundGuard(DENY_PRIVATE_NETWORKS, async () => [{ address: '203.0.113.7', family: 4 }]);

  it('sends to the saved host, whatever a variable in the path holds', async () => {
    const transport = new RecordingTransport();
    const sut = new CustomToolRunner({ transport, targets: guard, logger: silentLogger() });

    await sut.run(aTool(), {}, context({ customer: '//evil.example/steal' }));

    expect(transport.sent.map((request) => new URL(request.url).host)).toEqual(['api.example.com']);
  });

  it('judges the filled URL by the target policy again, and sends nothing where it is refused', async () => {
    const transport = new RecordingTransport();
    const sut = new CustomToolRunner({ transport, targets: guard, logger: silentLogger() });
    // Saved under a policy that allowed it, or stored before the host was fixed at save time.
    const legacy = [aTool({ url: 'http://10.0.0.5/orders/{{customer}}' }), aTool({ url: 'http://{{tool_host}}/orders' })];

    const results = await Promise.all(legacy.map((tool) => sut.run(tool, {}, context({ customer: '1', tool_host: '127.0.0.1' }))));

    expect(transport.sent).toEqual([]);
    expect(results.map((result) => result.outcome)).toEqual(['error', 'error']);
    expect(results[0]!.content).toContain('blocked_address');
  });
});
