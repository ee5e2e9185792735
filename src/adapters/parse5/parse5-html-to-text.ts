import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import type { HtmlToText } from '../../application/ports/document-sources.js';

type Node = DefaultTreeAdapterTypes.Node;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/** Elements whose content is not text a reader sees. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg', 'iframe', 'object', 'canvas', 'nav', 'footer']);
/** Elements that stand apart from what is around them: a paragraph each. */
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'dd', 'details', 'div', 'dl', 'dt', 'figcaption', 'figure', 'form', 'header',
  'li', 'main', 'ol', 'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td', 'th', 'thead', 'tr', 'ul', 'br', 'hr',
]);
const HEADING = /^h([1-6])$/;

const hasChildren = (node: Node): node is Node & ParentNode => 'childNodes' in node;

/**
 * HTML reduced to text with parse5 (the WHATWG parser, so any page a browser shows parses):
 * scripts, styles and navigation dropped, headings kept as Markdown `#` lines, block elements
 * set apart as paragraphs, so the chunker cuts a page by its sections as it cuts Markdown.
 */
export class Parse5HtmlToText implements HtmlToText {
  textOf(html: string): string {
    const out: string[] = [];
    const walk = (node: Node): void => {
      if (node.nodeName === '#text') {
        out.push((node as DefaultTreeAdapterTypes.TextNode).value);
        return;
      }
      if (SKIPPED.has(node.nodeName) || !hasChildren(node)) return;
      const heading = HEADING.exec(node.nodeName);
      if (heading) {
        const inner = this.inline(node);
        if (inner !== '') out.push(`\n\n${'#'.repeat(Number(heading[1]))} ${inner}\n\n`);
        return;
      }
      const block = BLOCKS.has(node.nodeName);
      if (block) out.push('\n\n');
      for (const child of node.childNodes) walk(child);
      if (block) out.push('\n\n');
    };
    walk(parse(html));
    return out
      .join('')
      .split(/\n{2,}/)
      .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
      .filter((paragraph) => paragraph !== '')
      .join('\n\n');
  }

  /** An element's text on one line (a heading's). */
  private inline(node: ParentNode): string {
    const parts: string[] = [];
    const walk = (n: Node): void => {
      if (n.nodeName === '#text') parts.push((n as DefaultTreeAdapterTypes.TextNode).value);
      else if (!SKIPPED.has(n.nodeName) && hasChildren(n)) for (const child of n.childNodes) walk(child);
    };
    for (const child of node.childNodes) walk(child);
    return parts.join('').replace(/\s+/g, ' ').trim();
  }
}
