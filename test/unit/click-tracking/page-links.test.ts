// The build's list of a page's links (server/site-render/page-links.ts): each tracked link once,
// named as the browser's beacon names it, resolved on the build's stand-in origin; only links a
// visitor with scripts can follow.
import { describe, expect, it } from 'vitest';
import { imageManifest } from '../../../content/image-manifest.ts';
import { BUILD_ORIGIN, pageLinksOf } from '../../../server/site-render/page-links.ts';
import { applyTemplate } from '../../../server/site-render/render-site.ts';
import { prerenderPage } from '../../../src/entry-server.tsx';
import { siteContent, videos } from '../../support/site-content.ts';

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

  it('leaves out links inside <noscript>: a browser with scripts never shows them, so no beacon can name them', () => {
    const html = `<main>
      <figure><figcaption>Four minutes.<noscript> <a href="https://www.youtube.com/watch?v=abc">The film</a></noscript></figcaption></figure>
      <noscript><p><span><a href="mailto:news@example.co.za">Sign up by e-mail</a></span></p></noscript>
      <a href="https://www.youtube.com/@lumina">Our channel</a>
    </main>`;
    expect(pageLinksOf(html, '/')).toEqual([{ target: 'https://www.youtube.com/@lumina', anchor: 'Our channel' }]);
  });

  it('lists none of the rendered home page\'s video links (in <noscript>), though the page carries them', async () => {
    const page = await prerenderPage('/', siteContent, imageManifest);
    const body = applyTemplate('<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>', page);
    const watchLinks = videos.items.map((video) => `https://www.youtube.com/watch?v=${video.youtubeId}`);
    for (const link of watchLinks) expect(body).toContain(`href="${link}"`);
    const links = pageLinksOf(body, '/');
    expect(links.filter((link) => watchLinks.includes(link.target))).toEqual([]);
    // The links a visitor with scripts follows are still there.
    expect(links).toContainEqual({ target: `${BUILD_ORIGIN}/#projects`, anchor: 'Projects' });
  });
});
