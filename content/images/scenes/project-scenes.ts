// The six project pictures (4:3): one scene per installation in content/home.ts.
import { boxOutline, display } from './display-panel.ts';
import { cameraFeed, dashboard, mapFeed, promo, sunset, waves } from './screen-artwork.ts';
import {
  blur,
  circle,
  ellipse,
  figure,
  group,
  line,
  linear,
  linearAbs,
  path,
  person,
  polygon,
  radial,
  radialAbs,
  random,
  rect,
  svg,
} from './svg-kit.ts';

const W = 1200;
const H = 900;

/** Which moment a scene shows: the site as the client had it, or with the installation done. */
export type Stage = 'before' | 'after';

/**
 * A shopping-centre atrium: a wide LED band on the first-floor balustrade; before, the
 * balustrade's plain glass and the same shoppers.
 */
export function mallAtriumScene(stage: Stage = 'after'): string {
  const next = random(31);
  const wall = { x: 90, y: 300, w: 1020, h: 230 };
  const lit = display('atrium', boxOutline(wall), wall, sunset('atrium-art', wall), { pitch: 5, glow: 40, glowOpacity: 0.6 });
  let defs = lit.defs;
  defs += linear('atrium-bg', 0, 0, 0, 1, [
    [0, '#dfe7ef'],
    [0.5, '#b7c3cf'],
    [1, '#8f99a4'],
  ]);
  defs += linearAbs('atrium-floor', 0, 640, 0, 900, [
    [0, '#cfc6bb'],
    [1, '#9d9388'],
  ]);
  defs += radial('atrium-sky', 0.5, 0, 0.8, [
    [0, '#ffffff'],
    [1, '#ffffff', 0],
  ]);
  let body = rect(0, 0, W, H, 'url(#atrium-bg)');
  // Skylight and the upper floors.
  body += polygon([[260, 0], [940, 0], [860, 90], [340, 90]], '#f6fbff');
  for (let i = 0; i < 8; i += 1) body += line(340 + i * 74, 90, 260 + i * 97, 0, '#9fb0c0', 3);
  body += rect(0, 90, W, 18, '#7d8894');
  body += rect(0, 108, W, 150, '#c9d2db');
  for (let i = 0; i < 9; i += 1) body += rect(30 + i * 132, 130, 110, 110, '#f3efe6', 'fill-opacity="0.8"');
  body += rect(0, 258, W, 42, '#6f7b87');
  if (stage === 'after') body += lit.body;
  else {
    // The old balustrade: glass panes between posts, the upper floor's shopfronts behind.
    body += rect(wall.x, wall.y, wall.w, wall.h, '#c4d3df', 'fill-opacity="0.85"');
    for (let x = wall.x; x <= wall.x + wall.w; x += 85) body += rect(x - 3, wall.y, 6, wall.h, '#8a96a3');
    body += rect(wall.x, wall.y, wall.w, 8, '#8a96a3');
  }
  body += rect(60, 530, 1080, 16, '#5d6772');
  // Ground floor shopfronts and the shiny floor.
  body += rect(0, 546, W, 100, '#aeb8c2');
  for (let i = 0; i < 7; i += 1) body += rect(20 + i * 172, 560, 150, 80, ['#f7e7c6', '#e6f0f7', '#f4d9d0'][i % 3]!, 'fill-opacity="0.9"');
  body += rect(0, 640, W, 260, 'url(#atrium-floor)');
  for (let i = 0; i < 26; i += 1) {
    const x = next() * W;
    const y = 700 + next() * 170;
    body += figure(x, y, 60 + (y - 700) * 0.45, ['#3b4048', '#4b3f52', '#2f4a5a', '#5a4636'][i % 4]!);
  }
  return svg(W, H, defs, body);
}

/** A roadside billboard on a steel column at dusk, with car light trails. */
export function highwayBillboardScene(): string {
  const next = random(41);
  const board = { x: 330, y: 150, w: 560, h: 280 };
  const art = promo('billboard-art', board, ['#0f766e', '#0b3b60', '#fbbf24'], 4);
  const lit = display('billboard', boxOutline(board), board, art, { pitch: 6, glow: 50, glowOpacity: 0.7 });
  let defs = lit.defs;
  defs += linear('dusk', 0, 0, 0, 1, [
    [0, '#1e1b4b'],
    [0.55, '#7c3aed'],
    [0.8, '#f97316'],
    [1, '#fcd34d'],
  ]);
  defs += blur('trail-blur', 2.5);
  let body = rect(0, 0, W, 640, 'url(#dusk)');
  // Distant city skyline on the horizon.
  let x = 0;
  while (x < W) {
    const bw = 30 + next() * 60;
    const bh = 30 + next() * 110;
    body += rect(x, 640 - bh, bw, bh, '#1b1530');
    x += bw + 4;
  }
  body += rect(590, 430, 40, 260, '#2a2f3a');
  body += rect(320, 140, 580, 300, '#20242c');
  body += lit.body;
  body += rect(0, 640, W, 260, '#16141f');
  // Light trails: white headlights one way, red tail-lights the other.
  for (let i = 0; i < 6; i += 1) {
    const y = 690 + i * 30;
    const color = i < 3 ? '#fff3c4' : '#ff3b3b';
    body += path(`M-20,${y} C300,${y - 20} 800,${y + 25} ${W + 20},${y - 5}`, 'none', `stroke="${color}" stroke-width="${3 + i}" stroke-opacity="0.85" filter="url(#trail-blur)"`);
  }
  body += rect(0, 660, W, 6, '#4b4658');
  return svg(W, H, defs, body);
}

/** A control room: a wall of 18 screens and operators at curved desks. */
export function controlRoomScene(): string {
  let defs = linear('cr-room', 0, 0, 0, 1, [
    [0, '#0a0f1a'],
    [1, '#121a2b'],
  ]);
  defs += radialAbs('cr-glow', 600, 300, 640, [
    [0, '#3b82f6', 0.35],
    [1, '#3b82f6', 0],
  ]);
  let body = rect(0, 0, W, H, 'url(#cr-room)') + rect(0, 0, W, H, 'url(#cr-glow)');
  const cols = 6;
  const rows = 3;
  const cw = 170;
  const ch = 96;
  const x0 = 600 - (cols * cw) / 2;
  const y0 = 110;
  body += rect(x0 - 10, y0 - 10, cols * cw + 20, rows * ch + 20, '#05070c');
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const box = { x: x0 + c * cw + 2, y: y0 + r * ch + 2, w: cw - 4, h: ch - 4 };
      const id = `cr-${r}-${c}`;
      const kind = (r * cols + c) % 4;
      const art =
        kind === 0
          ? mapFeed(id, box, r * 7 + c)
          : kind === 1
            ? cameraFeed(id, box, r * 5 + c)
            : kind === 2
              ? dashboard(id, box, '#38bdf8', r + c * 3)
              : cameraFeed(id, box, r * 13 + c * 2);
      const screen = display(id, boxOutline(box), box, art, { pitch: 0 });
      defs += screen.defs;
      body += screen.body;
    }
  }
  // Floor, desks and operators, with the monitors' light on their faces.
  body += polygon([[0, 560], [W, 560], [W, H], [0, H]], '#0d1220');
  for (const [cx, cy, rx] of [
    [600, 700, 520],
    [600, 860, 640],
  ] as const) {
    body += path(`M${cx - rx},${cy} Q${cx},${cy - 90} ${cx + rx},${cy} L${cx + rx},${cy + 40} Q${cx},${cy - 50} ${cx - rx},${cy + 40} Z`, '#1e2638');
  }
  for (let i = 0; i < 5; i += 1) {
    const x = 240 + i * 180;
    body += rect(x - 40, 600 + Math.abs(i - 2) * 14, 80, 48, '#4c89c9', 'fill-opacity="0.9"');
    body += person(x, 640 + Math.abs(i - 2) * 14, 17, '#03050a');
  }
  for (let i = 0; i < 4; i += 1) {
    const x = 210 + i * 260;
    body += rect(x - 50, 760 + Math.abs(i - 1.5) * 10, 100, 56, '#3f7dbf', 'fill-opacity="0.9"');
    body += person(x, 810 + Math.abs(i - 1.5) * 10, 22, '#03050a');
  }
  return svg(W, H, defs, body);
}

/** A pharmacy shop window with four portrait displays. */
export function retailSignageScene(): string {
  let defs = linear('rs-wall', 0, 0, 0, 1, [
    [0, '#e9edf1'],
    [1, '#cfd6dc'],
  ]);
  defs += linear('rs-glass', 0, 0, 1, 1, [
    [0, '#ffffff', 0.18],
    [0.5, '#ffffff', 0],
    [1, '#ffffff', 0.12],
  ]);
  defs += linear('rs-inside', 0, 0, 0, 1, [
    [0, '#2b3440'],
    [1, '#1a2029'],
  ]);
  let body = rect(0, 0, W, H, 'url(#rs-wall)');
  body += rect(0, 0, W, 90, '#0f766e');
  body += rect(60, 120, 1080, 610, '#3d4652');
  body += rect(80, 140, 1040, 570, 'url(#rs-inside)');
  const palettes: Array<readonly [string, string, string]> = [
    ['#be123c', '#7f1d1d', '#fde68a'],
    ['#0369a1', '#0c4a6e', '#a7f3d0'],
    ['#15803d', '#14532d', '#fef08a'],
    ['#7c3aed', '#4c1d95', '#fbcfe8'],
  ];
  for (let i = 0; i < 4; i += 1) {
    const box = { x: 140 + i * 245, y: 190, w: 190, h: 338 };
    body += rect(box.x - 10, box.y - 10, box.w + 20, box.h + 20, '#0b0d10');
    const screen = display(`rs-${i}`, boxOutline(box), box, promo(`rs-art-${i}`, box, palettes[i]!, i + 10), { pitch: 0, glow: 24, glowOpacity: 0.6 });
    defs += screen.defs;
    body += screen.body;
    body += rect(box.x + box.w / 2 - 6, box.y + box.h + 10, 12, 150, '#15181d');
    body += rect(box.x + box.w / 2 - 45, box.y + box.h + 158, 90, 12, '#15181d');
  }
  body += rect(80, 140, 1040, 570, 'url(#rs-glass)');
  body += polygon([[300, 140], [420, 140], [220, 710], [100, 710]], '#ffffff', 'fill-opacity="0.06"');
  body += rect(0, 730, W, 170, '#9aa3ab');
  for (let i = 0; i < 12; i += 1) body += line(i * 110, 730, i * 110 - 60, 900, '#8a939b', 2);
  body += figure(1040, 880, 230, '#27313c');
  return svg(W, H, defs, body);
}

/** A stadium at night: floodlights and a ribbon of perimeter LED around the pitch. */
export function stadiumScene(): string {
  const next = random(77);
  let defs = linear('st-sky', 0, 0, 0, 1, [
    [0, '#020617'],
    [1, '#0f1d3a'],
  ]);
  defs += linearAbs('st-pitch', 0, 520, 0, 900, [
    [0, '#166534'],
    [1, '#15803d'],
  ]);
  defs += radial('st-flood', 0.5, 0.5, 0.5, [
    [0, '#ffffff'],
    [0.3, '#fef9c3', 0.7],
    [1, '#fef9c3', 0],
  ]);
  defs += blur('st-blur', 8);
  let body = rect(0, 0, W, H, 'url(#st-sky)');
  // Stands: tiers as curved bands, speckled with the crowd.
  for (let t = 0; t < 4; t += 1) {
    const y = 250 + t * 70;
    body += path(`M-50,${y + 120} Q600,${y - 60} 1250,${y + 120} L1250,${y + 190} Q600,${y + 10} -50,${y + 190} Z`, ['#1f2937', '#273244', '#1e293b', '#263041'][t]!);
  }
  for (let i = 0; i < 700; i += 1) {
    const x = next() * W;
    const t = next();
    const y = 260 + t * 280 - Math.sin((x / W) * Math.PI) * 70;
    body += rect(x, y, 3, 3, ['#f8fafc', '#fbbf24', '#60a5fa', '#f87171'][i % 4]!, 'fill-opacity="0.55"');
  }
  // The pitch in perspective, with mowing stripes.
  body += polygon([[210, 560], [990, 560], [1200, 900], [0, 900]], 'url(#st-pitch)');
  for (let i = 0; i < 8; i += 2) {
    const a = 210 + (780 * i) / 8;
    const b = 210 + (780 * (i + 1)) / 8;
    body += polygon([[a, 560], [b, 560], [(1200 * (i + 1)) / 8, 900], [(1200 * i) / 8, 900]], '#1a7a3e', 'fill-opacity="0.5"');
  }
  body += polygon([[600, 560], [602, 560], [602, 900], [598, 900]], '#ffffff', 'fill-opacity="0.6"');
  // Perimeter boards: a continuous ribbon, cut into advertisers' colours.
  const colours = ['#ef4444', '#f59e0b', '#22d3ee', '#a855f7', '#10b981', '#3b82f6'];
  const segments = 10;
  for (let i = 0; i < segments; i += 1) {
    const x1 = 150 + (900 * i) / segments;
    const x2 = 150 + (900 * (i + 1)) / segments;
    body += polygon([[x1, 532], [x2, 532], [x2, 556], [x1, 556]], colours[i % colours.length]!);
    body += polygon([[x1 + 10, 538], [x1 + (x2 - x1) * 0.6, 538], [x1 + (x2 - x1) * 0.6, 550], [x1 + 10, 550]], '#ffffff', 'fill-opacity="0.75"');
  }
  body += group(rect(150, 528, 900, 30, '#ffffff', 'fill-opacity="0.35"'), 'filter="url(#st-blur)"');
  // Floodlight towers.
  for (const x of [120, 1080]) {
    body += rect(x - 6, 110, 12, 300, '#334155');
    body += rect(x - 60, 70, 120, 48, '#1e293b');
    for (let i = 0; i < 4; i += 1) body += circle(x - 42 + i * 28, 94, 10, '#fffbe6');
    body += ellipse(x, 94, 180, 120, 'url(#st-flood)', 'opacity="0.8"');
  }
  return svg(W, H, defs, body);
}

/** A rooftop LED sign on a steel lattice over a warehouse, on a windy blue day. */
/** A rooftop sign on a new steel lattice; before, the bare warehouse roof under the same sky. */
export function rooftopStructureScene(stage: Stage = 'after'): string {
  const next = random(91);
  const sign = { x: 250, y: 180, w: 700, h: 250 };
  const lit = display('roof', boxOutline(sign), sign, waves('roof-art', sign, ['#f97316', '#dc2626', '#facc15'], 12), { pitch: 6 });
  let defs = lit.defs;
  defs += linear('roof-sky', 0, 0, 0, 1, [
    [0, '#1d4ed8'],
    [0.7, '#60a5fa'],
    [1, '#bfdbfe'],
  ]);
  defs += blur('cloud', 14);
  let body = rect(0, 0, W, H, 'url(#roof-sky)');
  for (let i = 0; i < 7; i += 1) body += ellipse(next() * W, 60 + next() * 200, 90 + next() * 120, 24 + next() * 20, '#ffffff', 'fill-opacity="0.75" filter="url(#cloud)"');
  if (stage === 'before') return svg(W, H, defs, body + roof());
  // Lattice: verticals, horizontals and diagonals behind the sign.
  const steel = '#64748b';
  for (let i = 0; i <= 6; i += 1) body += line(270 + i * 110, 430, 270 + i * 110, 610, steel, 10);
  for (let y = 460; y <= 600; y += 70) body += line(260, y, 950, y, steel, 8);
  for (let i = 0; i < 6; i += 1) {
    body += line(270 + i * 110, 430, 380 + i * 110, 610, steel, 5);
    body += line(380 + i * 110, 430, 270 + i * 110, 610, steel, 5);
  }
  body += rect(235, 165, 730, 280, '#1f2937');
  body += lit.body;
  return svg(W, H, defs, body + roof());
}

/** The warehouse roof: corrugated sheeting in perspective. */
function roof(): string {
  let body = polygon([[0, 610], [W, 610], [W, 900], [0, 900]], '#94a3b8');
  for (let x = -400; x < W + 400; x += 38) body += line(x, 900, 600 + (x - 600) * 0.55, 610, '#7b8aa0', 4);
  body += rect(0, 602, W, 12, '#475569');
  return body;
}

/**
 * A closer look at part of a scene: the 4:3 region at (x, y), `width` wide, enlarged to the
 * scene's whole size (the project pages' second picture).
 */
export function detailOf(scene: () => string, x: number, y: number, width: number): () => string {
  return () =>
    scene().replace(/^<svg([^>]*) viewBox="[^"]*"/, `<svg$1 viewBox="${x} ${y} ${width} ${(width * H) / W}"`);
}
