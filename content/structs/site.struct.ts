import { boolean, enums, object, pattern, string, type Infer } from 'superstruct';

export const SiteStruct = object({
  header: object({
    /**
     * `sticky`: the header is always shown and shrinks after 100 px of scroll (wide screens).
     * `auto-show`: the header is hidden at the top and toggles on and off at 50 px of scroll.
     */
    variant: enums(['sticky', 'auto-show']),
  }),
  menu: object({
    /**
     * `top`: the main menu sits in the header across the top; menu anchors land 70 px down.
     * `left-navbar`: on screens at least 993 px wide the header becomes a fixed sidebar on the
     * left with the menu stacked, and anchors land at the very top (offset 0).
     */
    layout: enums(['top', 'left-navbar']),
  }),
  /** Seasonal effects the content can switch on. `snow`: snowflakes fall over the page. */
  effects: object({ snow: boolean() }),
  /** Track The Click's beacon: which links visitors follow (counts on links: CLICK_COUNTS). */
  clickTracking: object({
    /**
     * The plugin's "pro beacon" switch: true turns this free beacon off (the pro version's
     * own beacon would take over), so no click is sent.
     */
    proBeacon: boolean(),
    /**
     * true: visitors whose browser sends Global Privacy Control or Do Not Track are not
     * tracked. Only a site that must track everyone switches this off.
     */
    respectPrivacySignals: boolean(),
  }),
  /** The browser UI colour (meta theme-color and the web manifest). */
  themeColor: pattern(string(), /^#[0-9a-f]{6}$/i),
});

export type Site = Infer<typeof SiteStruct>;
export type HeaderVariant = Site['header']['variant'];
export type MenuLayout = Site['menu']['layout'];
