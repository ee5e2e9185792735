import type { ToolRequest, ToolResponse, ToolTransport } from '../../application/ports/tool-transport.js';

/** How one stubbed tool answers. */
export type StubbedTool = { readonly kind: 'answer'; readonly json: unknown } | { readonly kind: 'error'; readonly status: number; readonly body: string } | { readonly kind: 'timeout' };

/**
 * Custom tools answered on the spot (scenario tests): each by the stub named for it, a tool
 * with none as unreachable. No request ever leaves the machine. {@link use} sets the stubs of
 * the scenario being played; every request is kept in {@link requests}.
 */
export class StubbedToolTransport implements ToolTransport {
  private stubs: Readonly<Record<string, StubbedTool>> = {};
  readonly requests: ToolRequest[] = [];

  use(stubs: Readonly<Record<string, StubbedTool>>): void {
    this.stubs = stubs;
    this.requests.length = 0;
  }

  async send(request: ToolRequest): Promise<ToolResponse> {
    this.requests.push(request);
    const name = request.eventType.replace(/^tool\./, '');
    const stub = this.stubs[name];
    if (!stub) return { outcome: 'error', httpStatus: null, body: null, errorMessage: `the scenario stubs no tool named ${name}`, durationMs: 0 };
    switch (stub.kind) {
      case 'answer':
        return { outcome: 'ok', httpStatus: 200, body: typeof stub.json === 'string' ? stub.json : JSON.stringify(stub.json), errorMessage: null, durationMs: 0 };
      case 'error':
        return { outcome: 'http_error', httpStatus: stub.status, body: stub.body, errorMessage: null, durationMs: 0 };
      case 'timeout':
        return { outcome: 'timeout', httpStatus: null, body: null, errorMessage: `no answer within ${request.timeoutMs} ms`, durationMs: request.timeoutMs };
    }
  }
}
