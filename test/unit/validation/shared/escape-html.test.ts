import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../../src/validation/shared/escape-html.ts';

describe('escapeHtml', () => {
  it("escapes & < > \" and ' and leaves everything else", () => {
    expect(escapeHtml(`Tom & Jerry's <b class="x">'hi'</b> — ü`)).toBe('Tom &amp; Jerry&#39;s &lt;b class=&quot;x&quot;&gt;&#39;hi&#39;&lt;/b&gt; — ü');
  });

  it('escapes an ampersand once, so an entity in the text stays text', () => {
    expect(escapeHtml('&amp; &#39;')).toBe('&amp;amp; &amp;#39;');
  });

  it('keeps a single-quoted attribute closed', () => {
    const html = `<a title='${escapeHtml("x' onmouseover='alert(1)")}'>`;
    const parsed = new DOMParser().parseFromString(html, 'text/html').querySelector('a')!;
    expect(parsed.getAttributeNames()).toEqual(['title']);
    expect(parsed.title).toBe("x' onmouseover='alert(1)");
  });
});
