// A few SVG helpers to compose the site's illustrations. We cannot use stock photos, so the
// pictures are drawn from code once (compose-images.ts) and committed as JPEG sources.
// A seeded random generator keeps every run identical, so re-composing changes nothing.

export type Stop = readonly [offset: number, color: string, opacity?: number];

export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const stops = (list: readonly Stop[]) =>
  list.map(([offset, color, opacity = 1]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`).join('');

export function linear(id: string, x1: number, y1: number, x2: number, y2: number, list: readonly Stop[]): string {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;
}

/** A gradient in user space: coordinates are in pixels of the picture. */
export function linearAbs(id: string, x1: number, y1: number, x2: number, y2: number, list: readonly Stop[]): string {
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`;
}

export function radial(id: string, cx: number, cy: number, r: number, list: readonly Stop[]): string {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops(list)}</radialGradient>`;
}

export function radialAbs(id: string, cx: number, cy: number, r: number, list: readonly Stop[]): string {
  return `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${cx}" cy="${cy}" r="${r}">${stops(list)}</radialGradient>`;
}

export function blur(id: string, deviation: number): string {
  return `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${deviation}"/></filter>`;
}

/**
 * The dark gaps between LEDs: laid over screen content it turns a smooth gradient into a
 * display. `pitch` is the distance between pixels in picture pixels.
 */
export function pixelGrid(id: string, pitch: number, darkness = 0.4): string {
  const gap = Math.max(1, pitch * 0.3);
  return `<pattern id="${id}" width="${pitch}" height="${pitch}" patternUnits="userSpaceOnUse"><rect width="${pitch}" height="${gap}" fill="#000" fill-opacity="${darkness}"/><rect width="${gap}" height="${pitch}" fill="#000" fill-opacity="${darkness}"/></pattern>`;
}

export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" ${extra}/>`;
}

export function polygon(points: ReadonlyArray<readonly [number, number]>, fill: string, extra = ''): string {
  return `<polygon points="${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}" fill="${fill}" ${extra}/>`;
}

export function path(d: string, fill: string, extra = ''): string {
  return `<path d="${d}" fill="${fill}" ${extra}/>`;
}

export function line(x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra = ''): string {
  return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${width}" ${extra}/>`;
}

export function group(content: string, extra = ''): string {
  return `<g ${extra}>${content}</g>`;
}

export function svg(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}

/** A person seen from behind or in silhouette: head and shoulders, `size` is the head radius. */
export function person(x: number, y: number, size: number, fill: string, extra = ''): string {
  const s = size;
  return group(
    `${circle(x, y, s, fill)}${path(
      `M${x - s * 2.1},${y + s * 5.5} C${x - s * 2.1},${y + s * 1.6} ${x - s * 1.3},${y + s * 1.2} ${x},${y + s * 1.2} C${x + s * 1.3},${y + s * 1.2} ${x + s * 2.1},${y + s * 1.6} ${x + s * 2.1},${y + s * 5.5} Z`,
      fill,
    )}`,
    extra,
  );
}

/** A standing figure, full height `h`, for crowds and crews seen from afar. */
export function figure(x: number, y: number, h: number, fill: string, extra = ''): string {
  const head = h * 0.09;
  const shoulder = h * 0.13;
  return group(
    `${circle(x, y - h + head, head, fill)}${path(
      `M${x - shoulder},${y - h + head * 2.6} Q${x},${y - h + head * 2} ${x + shoulder},${y - h + head * 2.6} L${x + shoulder * 0.8},${y - h * 0.45} L${x + shoulder * 0.55},${y} L${x + shoulder * 0.1},${y} L${x},${y - h * 0.4} L${x - shoulder * 0.1},${y} L${x - shoulder * 0.55},${y} L${x - shoulder * 0.8},${y - h * 0.45} Z`,
      fill,
    )}`,
    extra,
  );
}
