// The privacy page's retention stamp (README, "Privacy") and the privacy content's struct.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { privacy } from '../../support/site-content.ts';
import { validateContentValue, formatProblems } from '../../../content/validate-content.ts';
import { DEFAULT_RETENTION_DAYS, readRetentionDays } from '../../../src/validation/privacy/retention-periods.ts';
import { retentionMismatch, stampDiffers } from '../../../src/validation/privacy/retention-stamp.ts';
import { PrivacyPage } from '../../../src/views/privacy/privacy.page.tsx';
import { contactForm } from '../../support/site-content.ts';
import { newsletterForms } from '../../support/site-content.ts';
import { sidebarContact } from '../../support/site-content.ts';
import { LinkedText } from '../../../src/views/shared/linked-text.view.tsx';
import { SiteFooterSection } from '../../../src/views/sections/site-footer.section.tsx';
import { withSiteContent } from '../../support/with-site-content.tsx';

describe('the retention stamp', () => {
  it('agrees with the environment it was built with', () => {
    expect(stampDiffers(JSON.stringify(DEFAULT_RETENTION_DAYS), readRetentionDays({}))).toBeUndefined();
  });

  it('names the variable the server applies differently', () => {
    const configured = readRetentionDays({ SUBMISSION_RETAIN_DAYS: '365' });
    expect(retentionMismatch(configured, DEFAULT_RETENTION_DAYS)).toBe(
      'SUBMISSION_RETAIN_DAYS is 365 but the privacy page was built with 730: run npm run build with the same environment',
    );
  });

  it('makes npm start rebuild when the stamp is missing, broken or different', () => {
    expect(stampDiffers(undefined, DEFAULT_RETENTION_DAYS)).toBe('no retention stamp beside the build');
    expect(stampDiffers('{', DEFAULT_RETENTION_DAYS)).toBe('the retention stamp is not JSON');
    expect(stampDiffers(JSON.stringify(DEFAULT_RETENTION_DAYS), readRetentionDays({ CLICK_RETAIN_DAYS: '90' }))).toMatch(/^CLICK_RETAIN_DAYS is 90 /);
  });
});

describe('the privacy content', () => {
  it('refuses an Information Officer without an e-mail address', () => {
    const { email: _email, ...officer } = privacy.informationOfficer;
    const broken = { ...privacy, informationOfficer: officer };
    expect(formatProblems(validateContentValue('privacy', broken))).toMatch(/^content\/documents\/privacy\.json: informationOfficer\.email: /);
  });

  it('is valid as written', () => {
    expect(validateContentValue('privacy', privacy)).toEqual([]);
  });
});

describe('the pages', () => {
  it('the privacy page states every period the server applies by default', () => {
    const html = renderToString(withSiteContent(<PrivacyPage />));
    for (const days of new Set(Object.values(DEFAULT_RETENTION_DAYS))) expect(html).toContain(`${days} days`);
    expect(html).toContain(privacy.informationOfficer.email);
    expect(html.match(/<h1/g)).toHaveLength(1);
  });

  it('the footer of every page links to the privacy notice and the accessibility statement', () => {
    const html = renderToString(withSiteContent(<SiteFooterSection />));
    expect(html).toContain('href="/privacy/"');
    expect(html).toContain('href="/accessibility/"');
  });
});

const acceptance = contactForm.fields.find((field) => field.type === 'acceptance') as { text: string };

describe('the consent texts', () => {
  it('render the path of the privacy notice as a link to it', () => {
    const html = renderToString(<LinkedText text={acceptance.text} />);
    expect(html).toContain('<a href="/privacy/">/privacy/</a>');
    expect(html.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, '')).toBe(acceptance.text);
  });

  it('of the newsletter forms and the sidebar panel point to the privacy notice too', () => {
    for (const text of [...newsletterForms.map((form) => form.consent.label), sidebarContact.privacyNote]) {
      expect(renderToString(<LinkedText text={text} />), text).toContain('<a href="/privacy/">/privacy/</a>');
    }
  });
});
