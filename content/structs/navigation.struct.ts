import { array, nonempty, object, type Infer } from 'superstruct';
import { Link, Text } from './common.struct.ts';

export const NavigationStruct = object({
  /** Accessible name of the main menu landmark. */
  label: Text,
  mainMenu: nonempty(array(Link)),
  /** The call to action beside the menu. */
  cta: Link,
  /** Extra links in the footer (same rules as the menu). */
  footerMenu: nonempty(array(Link)),
});

export type Navigation = Infer<typeof NavigationStruct>;
