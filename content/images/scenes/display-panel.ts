// Turns artwork into a lit display: clipped to the display's outline, overlaid with the grid
// of dark gaps between LEDs, and optionally glowing onto its surroundings.
import type { Art, Box } from './screen-artwork.ts';
import { blur, group, pixelGrid, rect } from './svg-kit.ts';

export interface DisplayOptions {
  /** Distance between LEDs in picture pixels; 0 for an LCD (no visible grid). */
  pitch: number;
  /** Blur radius of the light the display casts; 0 for none. */
  glow?: number;
  glowOpacity?: number;
}

export function display(id: string, outline: string, box: Box, art: Art, options: DisplayOptions): Art {
  const { pitch, glow = 0, glowOpacity = 0.55 } = options;
  let defs = `${art.defs}<clipPath id="${id}-clip"><path d="${outline}"/></clipPath>`;
  if (pitch > 0) defs += pixelGrid(`${id}-grid`, pitch);
  if (glow > 0) defs += blur(`${id}-blur`, glow);
  const clipped = group(art.body, `clip-path="url(#${id}-clip)"`);
  let body = '';
  if (glow > 0) body += group(clipped, `filter="url(#${id}-blur)" opacity="${glowOpacity}"`);
  body += clipped;
  if (pitch > 0) body += group(rect(box.x, box.y, box.w, box.h, `url(#${id}-grid)`), `clip-path="url(#${id}-clip)"`);
  return { defs, body };
}

/** The outline of a plain rectangle, as a path. */
export function boxOutline({ x, y, w, h }: Box): string {
  return `M${x},${y} H${x + w} V${y + h} H${x} Z`;
}
