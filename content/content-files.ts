// Every content file, the export it must provide and the struct that export must satisfy.
// The build validates each one (content/validate-content.ts); a new content file is added here.
import { array, type Struct } from 'superstruct';
import { CompanyStruct } from './structs/company.struct.ts';
import { FormDefinition } from './structs/form.struct.ts';
import { HomeStruct } from './structs/home.struct.ts';
import { ImageManifestStruct } from './structs/image-manifest.struct.ts';
import { NewsletterFormStruct } from './structs/newsletter-form.struct.ts';
import { NavigationStruct } from './structs/navigation.struct.ts';
import { OldAddressesStruct } from './structs/old-addresses.struct.ts';
import { PagesStruct } from './structs/pages.struct.ts';
import { PrivacyStruct } from './structs/privacy.struct.ts';
import { ProjectPagesStruct } from './structs/project-pages.struct.ts';
import { SecurityContactStruct } from './structs/security-contact.struct.ts';
import { SeoStruct } from './structs/seo.struct.ts';
import { SidebarContactStruct } from './structs/sidebar-contact.struct.ts';
import { SiteStruct } from './structs/site.struct.ts';

export interface ContentFile {
  /** Path from the project root, as it appears in error messages. */
  file: string;
  /** The named export holding the content ("default" for JSON). */
  exportName: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each file has its own struct type
  struct: Struct<any, any>;
}

export const contentFiles = {
  company: { file: 'content/company.ts', exportName: 'company', struct: CompanyStruct },
  site: { file: 'content/site.ts', exportName: 'site', struct: SiteStruct },
  navigation: { file: 'content/navigation.ts', exportName: 'navigation', struct: NavigationStruct },
  home: { file: 'content/home.ts', exportName: 'home', struct: HomeStruct },
  pages: { file: 'content/pages.ts', exportName: 'pages', struct: PagesStruct },
  privacy: { file: 'content/privacy.ts', exportName: 'privacy', struct: PrivacyStruct },
  projectPages: { file: 'content/project-pages.ts', exportName: 'projectPages', struct: ProjectPagesStruct },
  seo: { file: 'content/seo.ts', exportName: 'seo', struct: SeoStruct },
  contactForm: { file: 'content/forms/contact.form.ts', exportName: 'contactForm', struct: FormDefinition },
  newsletterForms: {
    file: 'content/forms/newsletter.forms.ts',
    exportName: 'newsletterForms',
    struct: array(NewsletterFormStruct),
  },
  sidebarContact: { file: 'content/sidebar-contact.ts', exportName: 'sidebarContact', struct: SidebarContactStruct },
  securityContact: { file: 'content/security-contact.ts', exportName: 'securityContact', struct: SecurityContactStruct },
  oldAddresses: { file: 'content/old-addresses.ts', exportName: 'oldAddresses', struct: OldAddressesStruct },
  imageManifest: { file: 'content/image-manifest.json', exportName: 'default', struct: ImageManifestStruct },
} as const satisfies Record<string, ContentFile>;

export type ContentName = keyof typeof contentFiles;

/** Pages of the site that a link without an anchor may point to. */
export const sitePaths = ['/', '/thank-you/', '/newsletter/confirmed/', '/newsletter/unsubscribed/', '/newsletter/link-expired/', '/privacy/', '/accessibility/'] as const;
