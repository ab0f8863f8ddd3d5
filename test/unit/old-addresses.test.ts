// The old addresses' table and security.txt's content (README.md, "The old WordPress addresses",
// "Public files for machines"): what the content checks refuse, and the build's check that every
// new place exists on the prerendered pages.
import { describe, expect, it } from 'vitest';
import { company } from '../support/site-content.ts';
import { oldAddresses } from '../support/site-content.ts';
import { securityContact } from '../support/site-content.ts';
import { checkOldAddressRows, crossCheckContent, formatProblems, validateContentValue } from '../../content/validate-content.ts';
import { siteContent } from '../support/site-content.ts';
import { imageManifest } from '../../content/image-manifest.ts';
import { oldAddressTargetProblems } from '../../server/site-render/old-address-targets.ts';
import { securityTxtExpires } from '../../server/site-render/security-txt.ts';

const prerendered = new Map([
  ['/', '<main><section id="about"></section><section id="contact"></section></main>'],
  ['/projects/riverside-atrium/', '<main><article id="project-detail"></article></main>'],
]);

describe('the build’s check of the old addresses’ new places', () => {
  it('accepts a page and an element on it', () => {
    const rows = [
      { from: '/contact-us/', to: '/#contact' },
      { from: '/?p=123', to: '/projects/riverside-atrium/' },
      { from: '/x/', to: '/projects/riverside-atrium/#project-detail' },
      { from: '/feed/*', gone: true as const },
    ];
    expect(oldAddressTargetProblems(rows, prerendered)).toEqual([]);
  });

  it('refuses a page the build did not make and an id the page does not have, one line naming each row', () => {
    const rows = [
      { from: '/about-us/', to: '/#about' },
      { from: '/contact-us/', to: '/#contcat' },
      { from: '/?p=123', to: '/projects/riverside-atrim/' },
    ];
    expect(formatProblems(oldAddressTargetProblems(rows, prerendered)).split('\n')).toEqual([
      'content/documents/old-addresses.json: [1].to: "/#contcat" (for /contact-us/): the page / has no element with id "contcat"',
      'content/documents/old-addresses.json: [2].to: "/projects/riverside-atrim/" (for /?p=123) is not a page the build prerendered',
    ]);
  });
});

describe('the old addresses’ content', () => {
  it('refuses an address or a place of the wrong shape', () => {
    const problems = validateContentValue('oldAddresses', [
      { from: 'contact-us/', to: '/#contact' },
      { from: '/category*', gone: true },
      { from: '/a/', to: 'https://elsewhere.example/' },
      { from: '/b/', gone: false },
      { from: '/c/', to: '/', gone: true },
    ]);
    expect(formatProblems(problems).split('\n')).toEqual([
      'content/documents/old-addresses.json: [0].from: Expected an old address like "/contact-us/", "/category/*" or "/?p=123", but received: "contact-us/"',
      'content/documents/old-addresses.json: [1].from: Expected an old address like "/contact-us/", "/category/*" or "/?p=123", but received: "/category*"',
      'content/documents/old-addresses.json: [2].to: Expected a path of this site like "/#contact" or "/projects/riverside-atrium/", but received: "https://elsewhere.example/"',
      'content/documents/old-addresses.json: [3].gone: Expected the literal `true`, but received: false',
      'content/documents/old-addresses.json: [4]: Expected either "to" (moved) or "gone: true", but /c/ has both',
    ]);
  });

  it('refuses the same old address twice and one that would hide a page of the site', () => {
    const problems = checkOldAddressRows(
      [
        { from: '/contact-us/', to: '/#contact' },
        { from: '/contact-us/', to: '/#about' },
        { from: '/thank-you', to: '/' },
        { from: '/projects/*', gone: true },
        { from: '/?p=1', to: '/' },
      ],
      ['/', '/thank-you/', '/projects/riverside-atrium/'],
    );
    expect(formatProblems(problems).split('\n')).toEqual([
      'content/documents/old-addresses.json: [0].from: Give each old address once: “/contact-us/” is used more than once.',
      'content/documents/old-addresses.json: [1].from: Give each old address once: “/contact-us/” is used more than once.',
      'content/documents/old-addresses.json: [2].from: Use an address that is not a page of the site: “/thank-you” would hide /thank-you/.',
      'content/documents/old-addresses.json: [3].from: Use an address that is not a page of the site: “/projects/*” would hide /projects/riverside-atrium/.',
    ]);
  });

  it('holds the rows the issue names: /contact-us/ → /#contact, /?p=123 → a project page, /feed/ gone', () => {
    expect(oldAddresses).toContainEqual({ from: '/contact-us/', to: '/#contact' });
    expect(oldAddresses.find((row) => row.from === '/?p=123')).toMatchObject({ to: expect.stringMatching(/^\/projects\/[a-z0-9-]+\/$/) });
    expect(oldAddresses).toContainEqual({ from: '/feed/*', gone: true });
  });
});

describe('security.txt’s content', () => {
  it('expires within a year of the build, never in the past', () => {
    const now = new Date('2026-11-27T04:00:00.500Z');
    expect(securityTxtExpires(now, 180)).toBe('2027-05-26T04:00:00Z');
    expect(() => securityTxtExpires(now, 0)).toThrow(/not in the future/);
    expect(() => securityTxtExpires(now, 365)).toThrow(/a year or more away/);
    expect(validateContentValue('securityContact', { ...securityContact, expiresAfterDays: 400 }).map((problem) => problem.path)).toEqual(['expiresAfterDays']);
    expect(validateContentValue('securityContact', { ...securityContact, expiresAfterDays: 0 }).map((problem) => problem.path)).toEqual(['expiresAfterDays']);
  });

  it('refuses a contact that is neither mailto: nor https, and a policy that is no page', () => {
    expect(validateContentValue('securityContact', { ...securityContact, contact: ['http://example.co.za/report'] }).map((problem) => problem.path)).toEqual(['contact[0]']);
    const content = { ...siteContent, securityContact: { ...securityContact, policy: '/security-policy/' } };
    expect(formatProblems(crossCheckContent(content, new Set(Object.keys(imageManifest.images))))).toMatch(/^content\/documents\/security-contact\.json: policy: Use a page of the site .*“\/security-policy\/” is not one\.$/);
  });
});

describe('the opening hours machines read', () => {
  it('must say what the page shows', () => {
    const hours = company.hours.map((row, index) => (index === 0 ? { ...row, closes: '18:00' } : index === 1 ? { ...row, closes: undefined } : row));
    const content = { ...siteContent, company: { ...company, hours } };
    expect(formatProblems(crossCheckContent(content, new Set(Object.keys(imageManifest.images)))).split('\n')).toEqual([
      'content/documents/company.json: hours[0].hours: Begin the hours shown with “08:00 – 18:00”, the opening and closing times: “08:00 – 17:00” does not.',
      'content/documents/company.json: hours[1]: Give both the opening and the closing time (open that day), or neither (closed).',
    ]);
  });
});
