// The theme's numbers, in one place. Machines (and their tests) read them from here so a
// designer's change is one edit, and a model-based test never hard-codes a threshold.

/** The back-to-top button appears once the page is scrolled further than this. */
export const BACK_TO_TOP_THRESHOLD_PX = 500;

/** How long the back-to-top scroll animation lasts; the `scrolling` state ends after it. */
export const BACK_TO_TOP_SCROLL_DURATION_MS = 700;

/** The sticky header becomes smaller once the page is scrolled further than this… */
export const HEADER_SHRINK_THRESHOLD_PX = 100;

/** …but only on screens at least this wide (the theme's desktop breakpoint). */
export const HEADER_SHRINK_MIN_WIDTH_PX = 993;

/** The auto-show header variant is hidden at the top and shown past this scroll offset. */
export const HEADER_AUTO_SHOW_THRESHOLD_PX = 50;

/** Counters and progress bars start once they come this close to the viewport. */
export const MOTION_NEAR_MARGIN_PX = 500;

/** How long a counter takes to count up to its value. */
export const COUNTER_DURATION_MS = 2000;

/** How long a progress bar takes to fill to its target (the CSS transition's duration). */
export const PROGRESS_FILL_DURATION_MS = 1500;

/** Scroll-reveal: how far (px) an element slides up as it fades in, and how long it takes. */
export const REVEAL_DISTANCE_PX = 24;
export const REVEAL_DURATION_MS = 700;

/** The seasonal snow: flakes falling at once, flakes that settle, and how often those regenerate. */
export const SNOW_FALLING_FLAKES = 100;
export const SNOW_STICKY_FLAKES = 50;
export const SNOW_STICKY_REGENERATE_MS = 7000;

/** A main-menu click scrolls the page to its section in this long. */
export const MENU_SCROLL_DURATION_MS = 750;

/** The section lands this far below the top of the window: the sticky header's room… */
export const MENU_SCROLL_OFFSET_PX = 70;

/** …and none in the left-navbar layout, where the header is a sidebar beside the page. */
export const MENU_SCROLL_OFFSET_LEFT_NAVBAR_PX = 0;

/**
 * The theme's desktop breakpoint: from this width the full menu shows in the header (or the
 * left sidebar); below it the menu collapses behind a toggle.
 */
export const MENU_DESKTOP_MIN_WIDTH_PX = 993;

/** The testimonials slider shows each quote this long before fading to the next. */
export const TEXT_SLIDER_INTERVAL_MS = 4000;

/** The testimonials slider's cross-fade (opacity only, so nothing moves). */
export const TEXT_SLIDER_FADE_MS = 600;

/** The client logo carousel moves on by one logo after this long. */
export const LOGO_CAROUSEL_INTERVAL_MS = 3000;

/** How long the logo carousel takes to slide to the next logo. */
export const LOGO_CAROUSEL_SPEED_MS = 600;

/** The hero slider shows each slide this long before fading to the next. */
export const HERO_SLIDER_INTERVAL_MS = 6000;

/** The hero slider's fade between slides (none under reduced motion). */
export const HERO_SLIDER_FADE_MS = 800;

/**
 * The gallery lightbox's thumbnail strip shows this many thumbnails at once: on wide screens
 * (at least GALLERY_THUMBS_WIDE_MIN_PX), desktops (from MENU_DESKTOP_MIN_WIDTH_PX), tablets
 * (from GALLERY_THUMBS_TABLET_MIN_PX) and phones (narrower).
 */
export const GALLERY_THUMBS_WIDE_MIN_PX = 1440;
export const GALLERY_THUMBS_TABLET_MIN_PX = 768;
export const GALLERY_THUMBS_VISIBLE = { wide: 5, desktop: 4, tablet: 3, mobile: 2 } as const;

/** A video marked as a popup opens in one only from this width; narrower, it plays in place. */
export const VIDEO_POPUP_MIN_WIDTH_PX = 700;

/** A swipe in the lightbox moves to the next picture once it passes this many pixels. */
export const LIGHTBOX_SWIPE_THRESHOLD_PX = 8;

/**
 * The countdown's clock ticks this often, on the wall clock's second boundaries so the seconds
 * digit never skips. A countdown is information, not animation: it keeps ticking under
 * `prefers-reduced-motion` (its digits change in place and nothing moves).
 */
export const COUNTDOWN_TICK_MS = 1000;

/**
 * The main menu marks the section that crosses this line (px from the top of the window): below
 * the header, with room enough that the first section counts at the very top of the page and a
 * section the menu scrolled to (70 px down) counts at once.
 */
export const SCROLL_SPY_LINE_PX = 120;

/**
 * The before/after comparison: where its divider starts (in % of the width from the left), the
 * keyboard's steps (arrow keys, Page Up/Down), and how far a press must move sideways before it
 * drags the divider (less, or mostly up or down, and the page scrolls instead).
 */
export const COMPARISON_START_PERCENT = 50;
export const COMPARISON_KEY_STEP_PERCENT = 1;
export const COMPARISON_PAGE_STEP_PERCENT = 10;
export const COMPARISON_DRAG_THRESHOLD_PX = 8;

/** The project popup, closed, waits this long at most for the browser to go back a step. */
export const POPUP_LEAVE_TIMEOUT_MS = 1000;

/**
 * A section of a long page hydrates (its code takes over its prerendered HTML) once it comes
 * this close to the viewport: well before counters and bars inside it start (MOTION_NEAR_MARGIN_PX).
 */
export const SECTION_HYDRATE_MARGIN_PX = 800;

/**
 * The project filter waits this long at most for its animation (the chunk and the cards'
 * measurement), then shows the choice without it: the grid must be in its final layout well
 * within the 500 ms after the press, as a layout shift later than that counts against the page.
 */
export const CARD_MEASURE_TIMEOUT_MS = 300;
