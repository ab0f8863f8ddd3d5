// How a followed link is named, as Track The Click names it (so hits and counts carry over).
import { describe, expect, it } from 'vitest';
import { ANCHOR_MAX, anchorOf, linkAround, trackedLinkOf } from '../../../src/validation/click-tracking/tracked-link.ts';
import { sendsPrivacySignal } from '../../../src/services/click-tracking/privacy-signal.service.ts';

function link(html: string): HTMLAnchorElement {
  document.body.innerHTML = html;
  return document.querySelector('a')!;
}

describe('anchorOf', () => {
  it('is the link text, trimmed', () => {
    expect(anchorOf(link('<a href="/x">  See our <strong>projects</strong> </a>'))).toBe('See our projects');
  });

  it('is image: and the picture URL when a link without text starts with a picture', () => {
    expect(anchorOf(link('<a href="/x"><img src="/images/logo.png" alt=""></a>'))).toBe(`image:${location.origin}/images/logo.png`);
    // A <picture> is a picture too; its <img> src, not the size the screen chose.
    expect(anchorOf(link('<a href="/x"><picture><source srcset="/a-800.avif 800w"><img src="/a-400.jpg" alt=""></picture></a>'))).toBe(`image:${location.origin}/a-400.jpg`);
  });

  it('is the trimmed inner HTML of a link with neither text nor a leading picture', () => {
    expect(anchorOf(link('<a href="/x">  <svg aria-hidden="true"><path d="M0 0"></path></svg> </a>'))).toBe('<svg aria-hidden="true"><path d="M0 0"></path></svg>');
  });

  it('is cut to the server limit of 255 without splitting a character', () => {
    expect(anchorOf(link(`<a href="/x">${'a'.repeat(300)}</a>`))).toHaveLength(ANCHOR_MAX);
    const emoji = `${'a'.repeat(ANCHOR_MAX - 1)}😀`;
    expect(anchorOf(link(`<a href="/x">${emoji}</a>`))).toBe('a'.repeat(ANCHOR_MAX - 1));
  });
});

describe('trackedLinkOf and linkAround', () => {
  it('names a link by its absolute URL', () => {
    expect(trackedLinkOf(link('<a href="/#projects">Projects</a>'))).toEqual({ target: `${location.origin}/#projects`, anchor: 'Projects' });
    expect(trackedLinkOf(link('<a href="tel:+27215550100">Call</a>'))).toEqual({ target: 'tel:+27215550100', anchor: 'Call' });
    expect(trackedLinkOf(link('<a href="mailto:hello@example.co.za">Mail</a>'))?.target).toBe('mailto:hello@example.co.za');
  });

  it('leaves out no-ttc links, links without href and script links', () => {
    expect(trackedLinkOf(link('<a class="no-ttc" href="/x">Skip</a>'))).toBeNull();
    expect(trackedLinkOf(link('<a>Placeholder</a>'))).toBeNull();
    expect(trackedLinkOf(link('<a href="javascript:void(0)">Script</a>'))).toBeNull();
  });

  it('finds the nearest link around a click target, not an SVG link', () => {
    const outer = link('<a href="/x"><span><b id="inner">Go</b></span></a>');
    expect(linkAround(document.getElementById('inner'))).toBe(outer);
    document.body.innerHTML = '<p id="p">text</p><svg><a href="/y"><text id="t">y</text></a></svg>';
    expect(linkAround(document.getElementById('p'))).toBeNull();
    expect(linkAround(document.getElementById('t'))).toBeNull();
    expect(linkAround(null)).toBeNull();
  });
});

describe('sendsPrivacySignal', () => {
  it('is true for Global Privacy Control or Do Not Track, in either place browsers put it', () => {
    expect(sendsPrivacySignal({ navigator: { globalPrivacyControl: true } })).toBe(true);
    expect(sendsPrivacySignal({ navigator: { doNotTrack: '1' } })).toBe(true);
    expect(sendsPrivacySignal({ navigator: {}, doNotTrack: '1' })).toBe(true);
    expect(sendsPrivacySignal({ navigator: { globalPrivacyControl: false, doNotTrack: '0' } })).toBe(false);
    expect(sendsPrivacySignal({ navigator: { doNotTrack: 'unspecified' } })).toBe(false);
    expect(sendsPrivacySignal(undefined)).toBe(false);
  });
});
