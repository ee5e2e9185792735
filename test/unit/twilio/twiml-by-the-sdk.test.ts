import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../../src', import.meta.url));

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });

/** Comments name TwiML elements to explain the code; only the code is searched. */
const withoutComments = (code: string): string => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const VERBS = 'Response|Say|Play|Pause|Dial|Number|Client|Conference|Connect|ConversationRelay|Language|Parameter|Start|Stream|Recording|Record|Gather|Hangup|Redirect|Reject|Enqueue|Leave|Sms|Message';
/** A TwiML element written inside a string or template literal: markup made by hand. */
const HAND_MADE = new RegExp(`['"\`][^'"\`\\n]*</?(${VERBS})[\\s/>]`);

describe('TwiML', () => {
  it('is built by the twilio package’s VoiceResponse (and MessagingResponse) everywhere in src, never written as text', () => {
    const handMade = sources(SRC).flatMap((path) =>
      withoutComments(readFileSync(path, 'utf8'))
        .split('\n')
        .filter((line) => HAND_MADE.test(line))
        .map((line) => `${path.slice(SRC.length + 1)}: ${line.trim()}`),
    );
    expect(handMade).toEqual([]);
  });

  it('would notice a document written by hand', () => {
    expect(HAND_MADE.test(withoutComments("const twiml = `<Response><Say>${words}</Say></Response>`;"))).toBe(true);
    expect(HAND_MADE.test(withoutComments("return '<Hangup/>';"))).toBe(true);
    expect(HAND_MADE.test(withoutComments('// answers <Say> then <Hangup/>'))).toBe(false);
    expect(HAND_MADE.test(withoutComments('fetch(request: Request): Promise<Response>;'))).toBe(false);
  });
});
