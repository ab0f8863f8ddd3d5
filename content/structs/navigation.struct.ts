import { array, nonempty, object, type Infer } from 'superstruct';
import { Link, Text } from './common.struct.ts';

export const NavigationStruct = object({
  /** Accessible name of the main menu landmark. */
  label: Text,
  /**
   * Links are written "/#anchor" so that they work from every page: on the home page the browser
   * only scrolls, elsewhere it opens the home page at that section.
   */
  mainMenu: nonempty(array(Link)),
  /** The call to action beside the menu. */
  cta: Link,
  /** Extra links in the footer (same rules as the menu). */
  footerMenu: nonempty(array(Link)),
});

export type Navigation = Infer<typeof NavigationStruct>;
