import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const markdownIn = (dir: string): string[] =>
  readdirSync(join(ROOT, dir))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(ROOT, dir, name));

/** The pages a reader follows links between: the README, the guides and the benches' records. */
const pages = [join(ROOT, 'README.md'), ...markdownIn('docs'), ...markdownIn('bench/results')];

/** The text outside fenced code blocks, where a link is a link. */
const prose = (markdown: string): string => markdown.replace(/^([ \t]*)(```+)[^\n]*\n[\s\S]*?^\1\2[ \t]*$/gm, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
const anchorsOf = (markdown: string): Set<string> => {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, text] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const plain = text!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = plain.toLowerCase().replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '').replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
};

/** Every relative link of a page that leads nowhere: a missing file, or a heading the target lacks. */
const brokenLinks = (page: string): string[] =>
  [...prose(readFileSync(page, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .filter((target) => {
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const file = path === '' ? page : join(dirname(page), decodeURIComponent(path));
      if (!existsSync(file)) return true;
      if (anchor === undefined || statSync(file).isDirectory()) return false;
      return !anchorsOf(readFileSync(file, 'utf8')).has(anchor);
    })
    .map((target) => `${relative(ROOT, page)} → ${target}`);

describe('links between the README, the guides and the bench records', () => {
  it('finds the pages and their headings', () => {
    expect(pages.length).toBeGreaterThan(40);
    expect(anchorsOf(readFileSync(join(ROOT, 'docs/performance.md'), 'utf8'))).toContain('npm-run-benchhosted');
    expect(anchorsOf('## A\n## A\n```sh\n# not a heading\n```\n')).toEqual(new Set(['a', 'a-1']));
  });

  it('has every relative link lead to a file and, when it names one, a heading there', () => {
    expect(pages.flatMap(brokenLinks)).toEqual([]);
  });
});
