// The home page's structured data (README.md, "Public files for machines"): one JSON-LD block in
// the prerendered head that parses, matches content/documents/company.json field by field and agrees with
// what the page itself shows; content cannot break out of it. Builds the site when needed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { company } from '../support/site-content.ts';
import { seo } from '../support/site-content.ts';
import { findInlineScripts } from '../../scripts/prerender.ts';
import { SECURITY_TXT_FILE } from '../../server/site-render/security-txt.ts';
import { organizationJsonLd } from '../../src/structured-data.ts';

const clientDir = join(process.cwd(), 'dist/client');

beforeAll(() => {
  if (existsSync(join(clientDir, 'index.html')) && existsSync(join(clientDir, SECURITY_TXT_FILE))) return;
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) throw new Error(`npm run build failed with exit code ${build.status}`);
}, 15 * 60_000);

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const blocksOf = (document: Document) => [...document.querySelectorAll('script[type="application/ld+json"]')];

interface LocalBusiness {
  '@type': string;
  name: string;
  telephone: string;
  email: string;
  address: Record<string, string>;
  geo: { '@type': string; latitude: number; longitude: number };
  openingHoursSpecification: Array<{ '@type': string; dayOfWeek: string[]; opens: string; closes: string }>;
}

describe('the home page’s JSON-LD', () => {
  it('is one block in the head that parses, an Organization with a LocalBusiness per office, field by field from content', async () => {
    const document = parse(await readFile(join(clientDir, 'index.html'), 'utf8'));
    const blocks = blocksOf(document);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.parentElement?.tagName).toBe('HEAD');
    const data = JSON.parse(blocks[0]!.textContent!) as Record<string, unknown> & { subOrganization: LocalBusiness[] };
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('Organization');
    expect(data.name).toBe(company.name);
    expect(data.legalName).toBe(company.legalName);
    expect(data.url).toBe(`${seo.baseUrl}/`);
    expect(data.telephone).toBe(company.phone);
    expect(data.sameAs).toEqual([company.social.facebook, company.social.linkedin, company.social.instagram]);
    expect(data.subOrganization).toHaveLength(company.offices.length);
    company.offices.forEach((office, index) => {
      const business = data.subOrganization[index]!;
      expect(business['@type']).toBe('LocalBusiness');
      expect(business.name).toContain(office.name);
      expect(business.telephone).toBe(office.phone);
      expect(business.email).toBe(office.email);
      expect(business.address).toEqual({
        '@type': 'PostalAddress',
        streetAddress: `${office.address.street}, ${office.address.suburb}`,
        addressLocality: office.address.city,
        addressRegion: office.address.province,
        postalCode: office.address.postalCode,
        addressCountry: office.address.country,
      });
      expect(business.geo).toEqual({ '@type': 'GeoCoordinates', latitude: office.coordinates.lat, longitude: office.coordinates.lng });
      expect(business.openingHoursSpecification).toEqual(
        company.hours.map((row) => ({
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: row.dayOfWeek.map((day) => `https://schema.org/${day}`),
          opens: row.opens ?? '00:00',
          closes: row.closes ?? '00:00',
        })),
      );
    });
  });

  it('says what the page shows: each office’s phone and street, the hours, the social profiles', async () => {
    const html = await readFile(join(clientDir, 'index.html'), 'utf8');
    const document = parse(html);
    const data = JSON.parse(blocksOf(document)[0]!.textContent!) as { sameAs: string[]; subOrganization: LocalBusiness[] };
    const contact = document.getElementById('contact')!.textContent!;
    for (const business of data.subOrganization) {
      expect(contact).toContain(business.telephone);
      expect(contact).toContain(business.address.streetAddress!.split(', ').slice(0, -1).join(', '));
    }
    const shownHours = [...document.querySelectorAll('#contact .opening-hours dd')].map((cell) => cell.textContent!);
    data.subOrganization[0]!.openingHoursSpecification.forEach((row, index) => {
      if (row.opens !== '00:00' || row.closes !== '00:00') expect(shownHours[index]).toMatch(new RegExp(`^${row.opens} – ${row.closes}`));
      else expect(shownHours[index]).toBe('Closed');
    });
    const links = [...document.querySelectorAll('#footer a[href]')].map((link) => link.getAttribute('href'));
    for (const profile of data.sameAs) expect(links).toContain(profile);
  });

  it('is on the home page only (its category variants are the home page), not on the other pages', async () => {
    for (const file of ['thank-you/index.html', '404.html', 'privacy/index.html', 'projects/riverside-atrium/index.html']) {
      expect(blocksOf(parse(await readFile(join(clientDir, file), 'utf8'))), file).toHaveLength(0);
    }
  });

  it('cannot be ended or commented out by content: every < is escaped, and the value reads back the same', () => {
    const name = 'Lumina </script><script>alert(1)</script> <!-- & \u2028';
    const tag = organizationJsonLd({ ...company, name }, seo.baseUrl);
    expect(tag.match(/<\/script/gi)).toHaveLength(1);
    expect(tag).not.toContain('<!--');
    const document = parse(`<!doctype html><head>${tag}</head>`);
    const blocks = blocksOf(document);
    expect(blocks).toHaveLength(1);
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect((JSON.parse(blocks[0]!.textContent!) as { name: string }).name).toBe(name);
  });

  it('is data the CSP allows, while an inline script is still refused', () => {
    const tag = organizationJsonLd(company, seo.baseUrl);
    expect(findInlineScripts(`<head>${tag}</head>`)).toEqual([]);
    expect(findInlineScripts('<script type="module">alert(1)</script>')).toHaveLength(1);
    expect(findInlineScripts('<script type="application/ld+jsonx">alert(1)</script>')).toHaveLength(1);
  });
});

describe('the built security.txt', () => {
  it('is in dist/client/.well-known with its canonical address and an Expires after the build', async () => {
    const text = await readFile(join(clientDir, SECURITY_TXT_FILE), 'utf8');
    expect(text).toContain(`\nCanonical: ${seo.baseUrl}/.well-known/security.txt\n`);
    expect(Date.parse(/^Expires: (.+)$/m.exec(text)![1]!)).toBeGreaterThan(Date.now());
  });
});
