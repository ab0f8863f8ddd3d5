// How many thumbnails the lightbox's strip shows at a viewport width: the theme's breakpoints.
import { GALLERY_THUMBS_TABLET_MIN_PX, GALLERY_THUMBS_VISIBLE, GALLERY_THUMBS_WIDE_MIN_PX, MENU_DESKTOP_MIN_WIDTH_PX } from '../shared/theme.constants.ts';

export function visibleThumbnails(viewportWidth: number): number {
  if (viewportWidth >= GALLERY_THUMBS_WIDE_MIN_PX) return GALLERY_THUMBS_VISIBLE.wide;
  if (viewportWidth >= MENU_DESKTOP_MIN_WIDTH_PX) return GALLERY_THUMBS_VISIBLE.desktop;
  if (viewportWidth >= GALLERY_THUMBS_TABLET_MIN_PX) return GALLERY_THUMBS_VISIBLE.tablet;
  return GALLERY_THUMBS_VISIBLE.mobile;
}
