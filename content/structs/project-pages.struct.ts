import { array, nonempty, object, optional, pattern, record, size, string, type Infer } from 'superstruct';
import { ImageRef, Text } from './common.struct.ts';

/** Two pictures of the same place, taken from the same point: as it was, and with our work done. */
const BeforeAfter = object({
  before: ImageRef,
  after: ImageRef,
  caption: Text,
});

export const ProjectPageStruct = object({
  /** The document title: search engines show about 60 characters. */
  title: size(Text, 10, 70),
  /** The meta description: search engines show about 160 characters. */
  description: size(Text, 50, 170),
  /** The full story, a paragraph per entry. */
  story: nonempty(array(Text)),
  /** The project's pictures (the card's picture comes first on the page, before these). */
  gallery: nonempty(array(ImageRef)),
  beforeAfter: optional(BeforeAfter),
});

export const ProjectPagesStruct = object({
  words: object({
    back: Text,
    facts: Text,
    client: Text,
    city: Text,
    year: Text,
    category: Text,
    storyHeading: Text,
    galleryHeading: Text,
    beforeAfterHeading: Text,
    before: Text,
    after: Text,
    /** The comparison divider's name (a WAI-ARIA slider). */
    divider: Text,
    /** Its value in words: `%before` and `%after` are the shares of each picture, in %. */
    dividerValue: pattern(string(), /%before.*%after|%after.*%before/),
  }),
  /** A page per project of content/documents/projects.json, by the project's id (its page's slug). */
  projects: record(pattern(string(), /^[a-z0-9-]+$/), ProjectPageStruct),
});

export type ProjectPages = Infer<typeof ProjectPagesStruct>;
export type ProjectPage = Infer<typeof ProjectPageStruct>;
