// The repository's content as one SiteContent (content/content-documents.ts): revision 0 of
// every document, what the build renders and what the server serves until something is
// published (README.md, "Editing the site").
import type { SiteContent } from './content-documents.ts';
import { company } from './company.ts';
import { contactForm } from './forms/contact.form.ts';
import { newsletterForms } from './forms/newsletter.forms.ts';
import { home } from './home.ts';
import { navigation } from './navigation.ts';
import { oldAddresses } from './old-addresses.ts';
import { pages } from './pages.ts';
import { privacy } from './privacy.ts';
import { projectPages } from './project-pages.ts';
import { securityContact } from './security-contact.ts';
import { seo } from './seo.ts';
import { sidebarContact } from './sidebar-contact.ts';
import { site } from './site.ts';

/** A fresh copy each call: a caller may change it (a draft) without touching anyone else's. */
export function repositoryContent(): SiteContent {
  return structuredClone({
    ...home,
    projectPages,
    company,
    navigation,
    seo,
    site,
    pages,
    privacy,
    contactForm,
    newsletterForms: [...newsletterForms],
    sidebarContact,
    securityContact,
    oldAddresses,
  });
}
