import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_CALLER_LINES, DEMO_TEXT, runDemo, type DemoResult } from '../../src/bootstrap/demo-command.js';

describe('npm run demo (runDemo)', () => {
  let demo: DemoResult | null = null;
  afterAll(async () => {
    await demo?.stop();
  });

  it('has the example webhook agent answer a simulated call and a simulated text, printing both live', async () => {
    const printed: string[] = [];
    demo = await runDemo({ out: (line) => printed.push(line) });

    const { call, text } = demo;
    expect(call.status).toBe('COMPLETED');
    expect(call.transcript.map((turn) => [turn.role, turn.content])).toEqual([
      ['AGENT', 'Hi, this is the example agent. How can I help?'],
      ['USER', DEMO_CALLER_LINES[0]],
      ['AGENT', "One moment. We're open nine to five, Monday to Friday."],
      ['USER', DEMO_CALLER_LINES[1]],
      ['AGENT', 'One moment. Dialling extension 204.'],
      ['USER', DEMO_CALLER_LINES[2]],
      ['AGENT', 'One moment. Transferring you to a person now.'],
    ]);
    expect(text.reply).toBe('Yes, we have a table for you tonight. See you at 7!');

    // The webhook traffic as the example agent saw it: signed requests, streamed answers, its reply.
    const log = demo.agentLog.join('\n');
    expect(log).toContain(`agent.message (voice) ${call.callId}: "${DEMO_CALLER_LINES[0]}" (signature ok)`);
    expect(log).toContain('→ {"text":"One moment.","interim":true}');
    expect(log).toContain('→ {"text":"Dialling extension 204.","digits":"204"}');
    expect(log).toContain('"action":"transfer"');
    expect(log).toContain(`agent.message (sms) from +14155550123: "${DEMO_TEXT}" (signature ok)`);
    expect(log).toContain('→ POST /v1/messages 200');
    expect(log).not.toContain('refused');

    // …and the terminal showed the transcript as it went.
    const screen = printed.join('\n');
    expect(screen).toContain(`  caller: ${DEMO_CALLER_LINES[0]}`);
    expect(screen).toContain("  agent : One moment. We're open nine to five, Monday to Friday.");
    expect(screen).toContain('    [webhook] ← agent.message (voice)');
    expect(screen).toContain('  agent : Yes, we have a table for you tonight. See you at 7!');
    expect(screen).toContain('call ended: completed');
  }, 120_000);

  it('stops what it started and removes its temporary data directory', async () => {
    expect(demo).not.toBeNull();
    const health = await fetch(`${demo!.serverUrl}/health`);
    expect(health.status).toBe(200);
    const { serverUrl, dataDir } = demo!;
    expect(existsSync(dataDir)).toBe(true);
    await demo!.stop();
    await expect(fetch(`${serverUrl}/health`)).rejects.toThrow();
    expect(existsSync(dataDir)).toBe(false);
    demo = null;
  }, 60_000);
});
