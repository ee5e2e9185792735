import { describe, expect, it } from 'vitest';
import { analysisAttemptFailed, completeAnalysis, queueAnalysis, type AnalysisResult } from '../../src/domain/call-analysis.js';
import type { CustomTool } from '../../src/domain/custom-tool.js';
import { aCall, anAgent, aProject, aTurn, at, newId } from '../support/builders.js';
import { useStore, type OpenedStore } from './store-harness.js';

const aTool = (overrides: Partial<CustomTool> = {}): CustomTool => ({
  name: 'lookup_order',
  description: 'Looks up an order.',
  url: 'https://api.example.com/orders/{{caller_number}}',
  method: 'POST',
  headers: { 'X-Api-Key': 'secret' },
  parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
  timeoutMs: 5000,
  speakDuringExecution: true,
  executionMessage: 'One moment.',
  ...overrides,
});

const RESULT: AnalysisResult = { summary: 'Booked.', userSentiment: 'positive', callSuccessful: true, extracted: { day: 'Monday' } };

/** What hosted agents store: tools and analysis settings, call variables, tool turns, analysis jobs. */
export const hostedStorageContract = (name: string, open: () => Promise<OpenedStore>) => {
  describe(`${name} hosted agents' storage`, () => {
    const { inTx } = useStore(open);

    it('keeps an agent’s custom tools and analysis settings as they were', async () => {
      const project = aProject();
      const agent = anAgent({
        projectId: project.id,
        customTools: [aTool(), aTool({ name: 'cancel', method: 'DELETE', headers: {}, speakDuringExecution: false, executionMessage: null })],
        analysis: true,
        analysisSchema: { type: 'object', properties: { day: { type: 'string' } } },
        successCriteria: 'The caller booked.',
      });
      await inTx(async (tx) => {
        await tx.projects.save(project);
        await tx.agents.save(agent);
      });

      expect(await inTx((tx) => tx.agents.findById(project.id, agent.id))).toEqual(agent);
    });

    it('keeps an agent’s MCP servers and handoffs, and a call’s handoffs, as they were', async () => {
      const project = aProject();
      const next = anAgent({ projectId: project.id, name: 'Billing' });
      const agent = anAgent({
        projectId: project.id,
        mcpServers: [{ name: 'crm', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer x' }, allowedTools: ['find_customer'] }],
        handoffs: [{ agentId: next.id, description: 'Invoices.', name: 'billing' }],
      });
      const call = aCall({
        projectId: project.id,
        agentId: next.id,
        handoffs: [{ fromAgentId: agent.id, toAgentId: next.id, summary: 'Wants a refund.', at: at(30) }],
      });
      await inTx(async (tx) => {
        await tx.projects.save(project);
        await tx.agents.save(next);
        await tx.agents.save(agent);
        await tx.calls.save(call);
      });

      expect(await inTx((tx) => tx.agents.findById(project.id, agent.id))).toEqual(agent);
      expect(await inTx((tx) => tx.calls.findByIdInAnyProject(call.id))).toEqual(call);
    });

    it('keeps a call’s variables and the tool turns of its transcript', async () => {
      const call = aCall({ variables: { first_name: 'Ada', now: '2026-11-24T00:00:00.000Z' } });
      const turns = [
        aTurn(call.id, 1),
        aTurn(call.id, 2, { role: 'tool_call', content: 'lookup_order {"orderId":"42"}', tool: { toolCallId: 'call_1', name: 'lookup_order', arguments: { orderId: '42' } } }),
        aTurn(call.id, 3, { role: 'tool_result', content: '{"status":"shipped"}', tool: { toolCallId: 'call_1', name: 'lookup_order', outcome: 'ok', httpStatus: 200 } }),
      ];
      await inTx(async (tx) => {
        await tx.calls.save(call);
        await tx.transcripts.save(turns);
      });

      expect(await inTx((tx) => tx.calls.findByIdInAnyProject(call.id))).toEqual(call);
      expect(await inTx((tx) => tx.transcripts.listByCall(call.id))).toEqual(turns);
    });

    it('claims due analyses once, oldest first, holds them for the lease, and stores their outcome', async () => {
      const first = queueAnalysis({ callId: newId('call'), projectId: newId('prj'), now: at(1) });
      const second = queueAnalysis({ callId: newId('call'), projectId: first.projectId, now: at(2) });
      const later = queueAnalysis({ callId: newId('call'), projectId: first.projectId, now: at(50) });
      await inTx(async (tx) => {
        for (const analysis of [later, second, first]) await tx.callAnalyses.save(analysis);
      });

      const claimed = await inTx((tx) => tx.callAnalyses.claimDue(at(10), 10, 60_000));
      expect(claimed.map((a) => a.callId)).toEqual([first.callId, second.callId]);
      expect(claimed[0]).toEqual(first);
      expect(await inTx((tx) => tx.callAnalyses.claimDue(at(10), 10, 60_000))).toEqual([]);

      const done = completeAnalysis(first, RESULT, at(11));
      const retried = analysisAttemptFailed(second, 'the model answered HTTP 500', at(11), 1000);
      await inTx(async (tx) => {
        await tx.callAnalyses.save(done);
        await tx.callAnalyses.save(retried);
      });
      expect(await inTx((tx) => tx.callAnalyses.findByCall(first.callId))).toEqual(done);
      expect(await inTx((tx) => tx.callAnalyses.findByCall(second.callId))).toEqual(retried);
      expect((await inTx((tx) => tx.callAnalyses.claimDue(new Date(at(11).getTime() + 1000), 10, 60_000))).map((a) => a.callId)).toEqual([second.callId]);
      expect(await inTx((tx) => tx.callAnalyses.findByCall(newId('call')))).toBeNull();
    });
  });
};
