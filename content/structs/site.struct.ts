import { enums, object, pattern, string, type Infer } from 'superstruct';

export const SiteStruct = object({
  header: object({
    /**
     * `sticky`: the header is always shown and shrinks after 100 px of scroll (wide screens).
     * `auto-show`: the header is hidden at the top and toggles on and off at 50 px of scroll.
     */
    variant: enums(['sticky', 'auto-show']),
  }),
  /** The browser UI colour (meta theme-color and the web manifest). */
  themeColor: pattern(string(), /^#[0-9a-f]{6}$/i),
});

export type Site = Infer<typeof SiteStruct>;
export type HeaderVariant = Site['header']['variant'];
