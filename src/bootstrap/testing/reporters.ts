import type { RunSummary, ScenarioResult } from '../../application/testing/scenario-result.js';

export const REPORTERS = ['pretty', 'json', 'junit'] as const;
export type ReporterName = (typeof REPORTERS)[number];

const MARK = { passed: '✓', failed: '✗', errored: '!' } as const;

/** `pretty`'s line as each scenario ends: its place in the run, a mark, its name and how long it took. */
export const progressLine = (result: ScenarioResult, done: number, total: number): string =>
  `[${done}/${total}] ${MARK[result.verdict]} ${result.name}${result.file ? ` (${result.file})` : ''} ${Math.round(result.durationMs)} ms`;

const detailsOf = (result: ScenarioResult): string[] => {
  const lines: string[] = [];
  if (result.error) lines.push(`  error: ${result.error}`);
  for (const e of result.expectations.filter((x) => !x.passed)) lines.push(`  ✗ ${e.message}`);
  for (const note of result.record?.notes ?? []) lines.push(`  note: ${note}`);
  if (result.transcript.length > 0) lines.push('  transcript:', ...result.transcript.map((line) => `    ${line}`));
  return lines;
};

/** The end of a `pretty` run: each failure with its expectations and transcript, then the counts and the seed. */
export const prettyReport = (summary: RunSummary): string => {
  const lines: string[] = [];
  for (const result of summary.results.filter((r) => r.verdict !== 'passed')) lines.push('', `${MARK[result.verdict]} ${result.name} — ${result.verdict}${result.file ? ` (${result.file})` : ''}`, ...detailsOf(result));
  lines.push('', `${summary.passed} passed, ${summary.failed} failed, ${summary.errored} errored in ${(summary.durationMs / 1000).toFixed(1)} s (seed ${summary.seed})`);
  return `${lines.join('\n')}\n`;
};

export const jsonReport = (summary: RunSummary): string => `${JSON.stringify(summary, null, 2)}\n`;

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

/** JUnit XML, as CI systems read it: one test case a scenario, `failure` or `error` with the details. */
export const junitReport = (summary: RunSummary): string => {
  const seconds = (ms: number) => (ms / 1000).toFixed(3);
  const cases = summary.results.map((result) => {
    const attributes = `name="${escapeXml(result.name)}" classname="${escapeXml(result.file ?? 'scenarios')}" time="${seconds(result.durationMs)}"`;
    if (result.verdict === 'passed') return `    <testcase ${attributes}/>`;
    const failed = result.expectations.filter((e) => !e.passed).map((e) => e.message);
    const message = result.verdict === 'errored' ? (result.error ?? 'errored') : failed.join('; ');
    const tag = result.verdict === 'errored' ? 'error' : 'failure';
    return `    <testcase ${attributes}>\n      <${tag} message="${escapeXml(message)}" type="${result.verdict}">${escapeXml(detailsOf(result).join('\n'))}</${tag}>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="switchboard scenarios" tests="${summary.results.length}" failures="${summary.failed}" errors="${summary.errored}" time="${seconds(summary.durationMs)}">`,
    `  <testsuite name="scenarios" tests="${summary.results.length}" failures="${summary.failed}" errors="${summary.errored}" time="${seconds(summary.durationMs)}">`,
    `    <properties><property name="seed" value="${summary.seed}"/></properties>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
};
