// The home page's "footer" section: its copy, as content/structs/home.struct.ts describes it.
import type { Home } from '../structs/home.struct.ts';

export const footer: Home['footer'] = {
  blurb:
    'Lumina Display Engineering designs, builds, installs and maintains LED video walls, digital signage and control-room displays for clients across Southern Africa.',
  menuHeading: 'Explore',
  contactHeading: 'Get in touch',
  socialHeading: 'Follow us',
  legalHeading: 'Company details',
  rightsNote: 'All rights reserved.',
  privacyLink: 'Privacy',
  accessibilityLink: 'Accessibility',
};
