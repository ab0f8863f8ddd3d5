// The build's list of a page's links (scripts/page-links.ts): each tracked link once, named as
// the browser's beacon names it, resolved on the build's stand-in origin.
import { describe, expect, it } from 'vitest';
import { BUILD_ORIGIN, pageLinksOf } from '../../../server/site-render/page-links.ts';

describe('the links of a prerendered page', () => {
  it('names each tracked link by its absolute target and its text, image or markup, once', () => {
    const html = `<main>
      <a href="#projects">Projects</a> <a href="#projects">Projects</a>
      <a href="https://www.linkedin.com/company/x"><span>LinkedIn</span><span class="visually-hidden"> (opens in a new tab)</span></a>
      <a href="/assets/big.jpg"><img src="/assets/small.jpg" alt=""></a>
      <a href="tel:+27215550100">+27 21 555 0100</a>
      <a class="no-ttc" href="/private/">Not tracked</a>
      <a href="javascript:void 0">Not a page</a>
      <a>No address</a>
    </main>`;
    expect(pageLinksOf(html, '/projects/x/')).toEqual([
      { target: `${BUILD_ORIGIN}/projects/x/#projects`, anchor: 'Projects' },
      { target: 'https://www.linkedin.com/company/x', anchor: 'LinkedIn (opens in a new tab)' },
      { target: `${BUILD_ORIGIN}/assets/big.jpg`, anchor: `image:${BUILD_ORIGIN}/assets/small.jpg` },
      { target: 'tel:+27215550100', anchor: '+27 21 555 0100' },
    ]);
  });
});
