import { describe, expect, it } from 'vitest';
import { Parse5HtmlToText } from '../../../../src/adapters/parse5/parse5-html-to-text.js';

describe(Parse5HtmlToText.name, () => {
  const sut = new Parse5HtmlToText();

  it('keeps headings as Markdown, blocks as paragraphs, and drops scripts, styles and navigation', () => {
    const html = `<html><head><style>p{}</style></head><body><nav>Menu</nav><h2>Our <em>hours</em></h2>
      <p>Open   at nine,<br>closed on Sundays.</p><ul><li>Coffee</li><li>Tea &amp; cake</li></ul><script>alert(1)</script><footer>©</footer></body></html>`;

    expect(sut.textOf(html)).toBe('## Our hours\n\nOpen at nine,\n\nclosed on Sundays.\n\nCoffee\n\nTea & cake');
  });

  it('reads broken markup as a browser would', () => {
    expect(sut.textOf('<p>One<p>Two <b>bold')).toBe('One\n\nTwo bold');
  });
});
