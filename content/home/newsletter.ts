// The home page's "newsletter" section: its copy, as content/structs/home.struct.ts describes it.
import type { Home } from '../structs/home.struct.ts';

export const newsletter: Home['newsletter'] = {
  eyebrow: 'Newsletter',
  heading: 'The Lumina Brief',
  intro:
    'Once a quarter we send a short e-mail with one project case study, one piece of display technology explained without jargon, and invitations to our showroom open days.',
  points: ['Case studies with real numbers', 'New display technology, explained', 'Showroom open days in Midrand and Cape Town'],
  mailto: { label: 'Subscribe by e-mail', subject: 'Please subscribe me to The Lumina Brief' },
  privacyNote:
    'We keep your address only to send the newsletter, never share it, and process it in line with POPIA. Every issue has a one-click unsubscribe link.',
};
