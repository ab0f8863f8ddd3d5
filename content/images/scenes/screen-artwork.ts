// What the illustrated displays show: abstract, colourful artwork without text (text in a
// picture is unreadable for screen readers and blurs when resized). Each function fills a
// box and returns its gradient definitions and its shapes.
import { circle, linear, linearAbs, path, polygon, radial, random, rect, type Stop } from './svg-kit.ts';

export interface Art {
  defs: string;
  body: string;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Flowing bands of colour, the classic "LED wall demo" look. */
export function waves(id: string, box: Box, palette: readonly [string, string, string], seed = 1): Art {
  const { x, y, w, h } = box;
  const next = random(seed);
  let defs = linear(`${id}-bg`, 0, 0, 1, 1, [
    [0, palette[0]],
    [0.55, palette[1]],
    [1, palette[2]],
  ]);
  defs += radial(`${id}-glow`, 0.5, 0.5, 0.5, [
    [0, '#ffffff', 0.85],
    [0.4, palette[1], 0.35],
    [1, palette[1], 0],
  ]);
  let body = rect(x, y, w, h, `url(#${id}-bg)`);
  for (let band = 0; band < 5; band += 1) {
    const base = y + h * (0.25 + band * 0.14);
    const amp = h * (0.08 + next() * 0.12);
    const phase = next() * w;
    const color = band % 2 === 0 ? '#ffffff' : palette[(band + 1) % 3]!;
    const thickness = h * (0.05 + next() * 0.07);
    const d = `M${x - 20},${base} C${x + w * 0.25 + phase * 0.1},${base - amp} ${x + w * 0.5 - phase * 0.1},${base + amp} ${x + w * 0.75},${base - amp * 0.4} S${x + w + 40},${base + amp * 0.6} ${x + w + 40},${base} L${x + w + 40},${base + thickness} C${x + w * 0.75},${base + thickness - amp * 0.3} ${x + w * 0.5},${base + thickness + amp} ${x + w * 0.25},${base + thickness - amp} S${x - 20},${base + thickness} ${x - 20},${base + thickness} Z`;
    body += path(d, color, `fill-opacity="${band % 2 === 0 ? 0.16 : 0.45}"`);
  }
  body += circle(x + w * (0.25 + next() * 0.5), y + h * (0.3 + next() * 0.3), Math.min(w, h) * 0.35, `url(#${id}-glow)`);
  return { defs, body };
}

/** A warm sunset over water: the atrium wall's content. */
export function sunset(id: string, box: Box): Art {
  const { x, y, w, h } = box;
  const defs =
    linear(`${id}-sky`, 0, 0, 0, 1, [
      [0, '#2b1055'],
      [0.45, '#d53369'],
      [0.75, '#ff9a3c'],
      [1, '#ffd56b'],
    ]) +
    radial(`${id}-sun`, 0.5, 0.5, 0.5, [
      [0, '#fff7d6'],
      [0.5, '#ffd56b', 0.9],
      [1, '#ff9a3c', 0],
    ]);
  let body = rect(x, y, w, h, `url(#${id}-sky)`);
  body += circle(x + w * 0.62, y + h * 0.68, h * 0.42, `url(#${id}-sun)`);
  body += rect(x, y + h * 0.72, w, h * 0.28, '#3a1c5c', 'fill-opacity="0.85"');
  for (let i = 0; i < 7; i += 1) {
    const ly = y + h * (0.75 + i * 0.035);
    const half = w * (0.05 + i * 0.025);
    body += rect(x + w * 0.62 - half, ly, half * 2, h * 0.012, '#ffd56b', `fill-opacity="${0.8 - i * 0.09}"`);
  }
  return { defs, body };
}

/** A bold retail promotion: big shapes in brand colours, blocks where copy would be. */
export function promo(id: string, box: Box, palette: readonly [string, string, string], seed = 3): Art {
  const { x, y, w, h } = box;
  const next = random(seed);
  const defs = linear(`${id}-bg`, 0, 0, 0, 1, [
    [0, palette[0]],
    [1, palette[1]],
  ]);
  let body = rect(x, y, w, h, `url(#${id}-bg)`);
  body += circle(x + w * (0.3 + next() * 0.4), y + h * 0.38, Math.min(w, h) * 0.3, palette[2], 'fill-opacity="0.9"');
  body += polygon(
    [
      [x, y + h * 0.62],
      [x + w, y + h * 0.5],
      [x + w, y + h * 0.66],
      [x, y + h * 0.78],
    ],
    '#ffffff',
    'fill-opacity="0.92"',
  );
  body += rect(x + w * 0.12, y + h * 0.84, w * 0.5, h * 0.035, '#ffffff', 'fill-opacity="0.9"');
  body += rect(x + w * 0.12, y + h * 0.9, w * 0.32, h * 0.025, '#ffffff', 'fill-opacity="0.7"');
  body += rect(x + w * 0.12, y + h * 0.08, w * 0.3, h * 0.04, '#ffffff', 'fill-opacity="0.85"');
  return { defs, body };
}

/** An operations dashboard: dark panels, a line chart and bars. */
export function dashboard(id: string, box: Box, accent: string, seed = 5): Art {
  const { x, y, w, h } = box;
  const next = random(seed);
  let body = rect(x, y, w, h, '#0c1a2b');
  for (let i = 1; i < 4; i += 1) body += rect(x, y + (h * i) / 4, w, 1.2, '#2a4563');
  const points: string[] = [];
  for (let i = 0; i <= 12; i += 1) points.push(`${x + (w * i) / 12},${y + h * (0.25 + next() * 0.4)}`);
  body += `<polyline points="${points.join(' ')}" fill="none" stroke="${accent}" stroke-width="${Math.max(2, h * 0.025)}"/>`;
  for (let i = 0; i < 8; i += 1) {
    const bh = h * (0.08 + next() * 0.22);
    body += rect(x + w * (0.06 + i * 0.115), y + h - bh - h * 0.04, w * 0.07, bh, i % 3 === 0 ? '#f5a524' : '#3ddc97', 'fill-opacity="0.85"');
  }
  return { defs: '', body };
}

/** A city map with routes: control rooms and the map illustration use it. */
export function mapFeed(id: string, box: Box, seed = 7): Art {
  const { x, y, w, h } = box;
  const next = random(seed);
  let body = rect(x, y, w, h, '#0a2233');
  for (let i = 0; i < 9; i += 1) {
    const x1 = x + next() * w;
    const y1 = y + next() * h;
    body += path(`M${x},${y1} Q${x1},${y + next() * h} ${x + w},${y + next() * h}`, 'none', `stroke="#2e6f8e" stroke-width="${h * 0.012}"`);
  }
  body += path(`M${x},${y + h * 0.7} C${x + w * 0.3},${y + h * 0.5} ${x + w * 0.6},${y + h * 0.9} ${x + w},${y + h * 0.3}`, 'none', `stroke="#ffb020" stroke-width="${h * 0.03}"`);
  for (let i = 0; i < 6; i += 1) body += circle(x + next() * w, y + next() * h, h * 0.03, i % 2 ? '#ff4d6d' : '#3ddc97');
  return { defs: '', body };
}

/** A traffic camera picture: a road in perspective with cars. */
export function cameraFeed(id: string, box: Box, seed = 11): Art {
  const { x, y, w, h } = box;
  const next = random(seed);
  const defs = linear(`${id}-sky`, 0, 0, 0, 1, [
    [0, '#4b5d73'],
    [1, '#8c9aab'],
  ]);
  let body = rect(x, y, w, h * 0.45, `url(#${id}-sky)`) + rect(x, y + h * 0.45, w, h * 0.55, '#3b4450');
  body += polygon(
    [
      [x + w * 0.42, y + h * 0.45],
      [x + w * 0.58, y + h * 0.45],
      [x + w * 0.95, y + h],
      [x + w * 0.05, y + h],
    ],
    '#23282f',
  );
  for (let i = 0; i < 4; i += 1) {
    const t = 0.55 + i * 0.11;
    body += rect(x + w * 0.495, y + h * t, w * 0.01, h * 0.05, '#e8e8e8', 'fill-opacity="0.7"');
  }
  for (let i = 0; i < 5; i += 1) {
    const t = 0.5 + next() * 0.4;
    const cw = w * 0.04 * (t * 2);
    const lane = (next() - 0.5) * (t - 0.4) * w * 0.8;
    body += rect(x + w * 0.5 + lane - cw / 2, y + h * t, cw, cw * 0.6, ['#d7263d', '#f4f4f4', '#1b998b', '#f46036'][i % 4]!);
  }
  return { defs, body };
}

/** A city skyline at blue hour: the studio backdrop. */
export function skyline(id: string, box: Box, seed = 13): Art {
  const { x, y, w, h } = box;
  const next = random(seed);
  const sky: Stop[] = [
    [0, '#0b1d51'],
    [0.6, '#3a5ba0'],
    [1, '#f29e6d'],
  ];
  const defs = linearAbs(`${id}-sky`, 0, y, 0, y + h, sky);
  let body = rect(x, y, w, h, `url(#${id}-sky)`);
  let cursor = x;
  while (cursor < x + w) {
    const bw = w * (0.03 + next() * 0.05);
    const bh = h * (0.2 + next() * 0.45);
    body += rect(cursor, y + h - bh, bw - 2, bh, '#0a1430');
    for (let wy = y + h - bh + 8; wy < y + h - 6; wy += 12) {
      for (let wx = cursor + 4; wx < cursor + bw - 8; wx += 10) {
        if (next() > 0.55) body += rect(wx, wy, 4, 5, '#ffd27a', 'fill-opacity="0.85"');
      }
    }
    cursor += bw;
  }
  return { defs, body };
}
