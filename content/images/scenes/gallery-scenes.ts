// The eight gallery pictures (4:3), in the order of content/home.ts.
import { boxOutline, display } from './display-panel.ts';
import { promo, skyline, waves } from './screen-artwork.ts';
import { blur, circle, ellipse, figure, group, line, linear, linearAbs, path, person, polygon, radial, radialAbs, random, rect, svg } from './svg-kit.ts';

const W = 1200;
const H = 900;

/** LED pixels up close: clusters of red, green and blue diodes on a black module. */
export function pixelMacroScene(): string {
  let defs = radialAbs('px-light', 420, 380, 760, [
    [0, '#ffffff', 1],
    [1, '#ffffff', 0.15],
  ]);
  defs += `<mask id="px-mask"><rect width="${W}" height="${H}" fill="url(#px-light)"/></mask>`;
  defs += blur('px-glow', 5);
  const pitch = 60;
  let diodes = '';
  for (let y = 20; y < H; y += pitch) {
    for (let x = 20; x < W; x += pitch) {
      diodes += rect(x, y + 6, 10, 22, '#ff2d55', 'rx="4"');
      diodes += rect(x + 14, y + 6, 10, 22, '#32ff7e', 'rx="4"');
      diodes += rect(x + 28, y + 6, 10, 22, '#2d7dff', 'rx="4"');
    }
  }
  let body = rect(0, 0, W, H, '#08090c');
  for (let y = 0; y < H; y += pitch) body += rect(0, y, W, 2, '#15171d');
  for (let x = 0; x < W; x += pitch) body += rect(x, 0, 2, H, '#15171d');
  body += group(group(diodes, 'filter="url(#px-glow)"'), 'mask="url(#px-mask)"');
  body += group(diodes, 'mask="url(#px-mask)" opacity="0.9"');
  return svg(W, H, defs, body);
}

/** A concave wall in a corporate lobby, seen from the entrance. */
export function curvedWallScene(): string {
  const wall = { x: 100, y: 140, w: 1000, h: 420 };
  const outline = 'M100,140 Q600,220 1100,140 L1100,560 Q600,500 100,560 Z';
  const lit = display('lobby', outline, wall, waves('lobby-art', wall, ['#0f766e', '#6d28d9', '#14b8a6'], 21), { pitch: 4, glow: 50, glowOpacity: 0.5 });
  let defs = lit.defs;
  defs += linear('lobby-bg', 0, 0, 0, 1, [
    [0, '#d9d4cc'],
    [1, '#b9b2a8'],
  ]);
  defs += linearAbs('lobby-floor', 0, 580, 0, 900, [
    [0, '#efeae3'],
    [1, '#c9c1b6'],
  ]);
  let body = rect(0, 0, W, H, 'url(#lobby-bg)');
  body += rect(0, 0, W, 80, '#f4f1ec');
  for (let i = 0; i < 5; i += 1) body += ellipse(160 + i * 220, 40, 60, 10, '#fffdf5');
  body += lit.body;
  body += rect(0, 580, W, 320, 'url(#lobby-floor)');
  body += group(group(lit.body, 'transform="translate(0 1150) scale(1 -1)"'), 'opacity="0.12"');
  // Reception desk and a plant.
  body += path('M330,720 Q600,680 870,720 L870,820 Q600,780 330,820 Z', '#2e2a26');
  body += path('M330,720 Q600,680 870,720 L870,732 Q600,692 330,732 Z', '#8b7d6b');
  body += rect(1010, 700, 70, 110, '#3f3a34');
  for (let i = 0; i < 7; i += 1) body += ellipse(1045 + (i - 3) * 18, 660 - Math.abs(i - 3) * 10, 16, 60, '#3f7d4a', `transform="rotate(${(i - 3) * 14} 1045 700)"`);
  body += figure(520, 700, 150, '#1f2937');
  return svg(W, H, defs, body);
}

/** Behind a wall: cabinets, cables and a service walkway. */
export function rearServiceScene(): string {
  const next = random(55);
  let defs = linear('rear-bg', 0, 0, 0, 1, [
    [0, '#1d222b'],
    [1, '#0f1217'],
  ]);
  defs += radial('rear-lamp', 0.5, 0.5, 0.5, [
    [0, '#fff7e0', 0.9],
    [1, '#fff7e0', 0],
  ]);
  let body = rect(0, 0, W, H, 'url(#rear-bg)');
  const cw = 150;
  const ch = 150;
  for (let r = 0; r < 4; r += 1) {
    for (let c = 0; c < 8; c += 1) {
      const x = 0 + c * cw;
      const y = 40 + r * ch;
      body += rect(x + 4, y + 4, cw - 8, ch - 8, '#3a404b');
      body += rect(x + 20, y + 30, cw - 40, 46, '#2a2f38');
      body += rect(x + 28, y + 40, 40, 26, '#596273');
      body += circle(x + cw - 30, y + 50, 5, next() > 0.1 ? '#22c55e' : '#f59e0b');
      body += circle(x + cw - 30, y + 66, 5, '#38bdf8');
      body += rect(x + 20, y + ch - 40, cw - 40, 8, '#4b5563');
    }
  }
  // Cables hanging between cabinets.
  for (let i = 0; i < 14; i += 1) {
    const x = 40 + next() * 1100;
    body += path(`M${x},40 C${x + 30},${200 + next() * 200} ${x - 40},${400 + next() * 100} ${x + (next() - 0.5) * 80},640`, 'none', `stroke="${['#111827', '#1e3a8a', '#b91c1c', '#0f172a'][i % 4]}" stroke-width="5"`);
  }
  // Walkway grating and a work lamp.
  body += polygon([[0, 650], [W, 650], [W, H], [0, H]], '#2b2f36');
  for (let x = -600; x < W + 600; x += 30) body += line(x, H, 600 + (x - 600) * 0.35, 650, '#3b414b', 3);
  for (let y = 670; y < H; y += 28) body += line(0, y, W, y, '#3b414b', 2);
  body += rect(0, 640, W, 12, '#f59e0b');
  body += ellipse(980, 120, 240, 200, 'url(#rear-lamp)');
  body += figure(360, 860, 330, '#07090d');
  return svg(W, H, defs, body);
}

/** Three landscape menu boards above a quick-service counter. */
export function menuBoardsScene(): string {
  const next = random(63);
  let defs = linear('menu-wall', 0, 0, 0, 1, [
    [0, '#3b2a20'],
    [1, '#241912'],
  ]);
  let body = rect(0, 0, W, H, 'url(#menu-wall)');
  for (let i = 0; i < 3; i += 1) {
    const box = { x: 60 + i * 370, y: 130, w: 340, h: 200 };
    body += rect(box.x - 8, box.y - 8, box.w + 16, box.h + 16, '#0b0b0b');
    let art = rect(box.x, box.y, box.w, box.h, '#1c1410');
    art += rect(box.x, box.y, box.w, 34, ['#dc2626', '#f59e0b', '#16a34a'][i]!);
    for (let row = 0; row < 3; row += 1) {
      const y = box.y + 52 + row * 48;
      art += circle(box.x + 36, y + 16, 18, ['#f59e0b', '#b45309', '#fde68a', '#ef4444'][(row + i) % 4]!);
      art += rect(box.x + 66, y + 6, 150 + next() * 50, 10, '#fef3c7', 'fill-opacity="0.9"');
      art += rect(box.x + 66, y + 22, 90 + next() * 40, 7, '#fef3c7', 'fill-opacity="0.5"');
      art += rect(box.x + box.w - 64, y + 8, 44, 14, '#fbbf24');
    }
    const screen = display(`menu-${i}`, boxOutline(box), box, { defs: '', body: art }, { pitch: 0, glow: 22, glowOpacity: 0.55 });
    defs += screen.defs;
    body += screen.body;
  }
  // Pendant lights and the counter.
  for (let i = 0; i < 4; i += 1) {
    const x = 150 + i * 300;
    body += line(x, 0, x, 400, '#111', 3);
    body += path(`M${x - 40},440 L${x - 20},400 L${x + 20},400 L${x + 40},440 Z`, '#111');
    body += ellipse(x, 444, 40, 8, '#ffd88a');
  }
  defs += linearAbs('menu-counter', 0, 560, 0, 900, [
    [0, '#8a6a4f'],
    [1, '#5b4332'],
  ]);
  body += rect(0, 560, W, 30, '#d6c3a5');
  body += rect(0, 590, W, 310, 'url(#menu-counter)');
  for (let i = 0; i < 12; i += 1) body += rect(i * 100, 590, 6, 310, '#4a3628', 'fill-opacity="0.6"');
  return svg(W, H, defs, body);
}

/** Transparent LED in a boutique window: the shop is visible through the display. */
export function transparentLedScene(): string {
  const glass = { x: 120, y: 120, w: 960, h: 600 };
  let defs = linear('tl-inside', 0, 0, 0, 1, [
    [0, '#f6e7d0'],
    [1, '#d9b98f'],
  ]);
  defs += linear('tl-frame', 0, 0, 0, 1, [
    [0, '#1c1917'],
    [1, '#292524'],
  ]);
  let body = rect(0, 0, W, H, 'url(#tl-frame)');
  body += rect(glass.x, glass.y, glass.w, glass.h, 'url(#tl-inside)');
  // The shop inside: shelves, bags and a rail of clothes.
  for (let s = 0; s < 3; s += 1) body += rect(180, 260 + s * 150, 300, 10, '#8b6b4a');
  for (let i = 0; i < 9; i += 1) body += rect(200 + (i % 3) * 90, 200 + Math.floor(i / 3) * 150, 60, 60, ['#be185d', '#0f766e', '#ca8a04'][i % 3]!, 'fill-opacity="0.8"');
  body += line(620, 250, 1000, 250, '#57534e', 6);
  for (let i = 0; i < 10; i += 1) body += path(`M${640 + i * 36},250 l-18,40 l6,220 l44,0 l6,-220 Z`, ['#1e3a8a', '#f5f5f4', '#7f1d1d', '#3f6212', '#a16207'][i % 5]!);
  body += figure(880, 720, 330, '#44403c');
  // The transparent display: thin strips of LEDs with clear gaps between them.
  const art = waves('tl-art', glass, ['#7c3aed', '#db2777', '#06b6d4'], 33);
  let strips = '';
  for (let x = glass.x; x < glass.x + glass.w; x += 14) strips += rect(x, glass.y, 4, glass.h, '#fff');
  defs += art.defs + `<mask id="tl-strips">${strips}</mask>`;
  body += group(art.body, 'mask="url(#tl-strips)" opacity="0.7"');
  body += rect(glass.x, glass.y + glass.h, glass.w, 40, '#44403c');
  body += rect(0, 760, W, 140, '#a8a29e');
  return svg(W, H, defs, body);
}

/** A roadside billboard at night, under the stars, with trees. */
export function nightBillboardScene(): string {
  const next = random(88);
  const board = { x: 300, y: 170, w: 600, h: 300 };
  const lit = display('night', boxOutline(board), board, promo('night-art', board, ['#1d4ed8', '#1e1b4b', '#f472b6'], 6), { pitch: 6, glow: 70, glowOpacity: 0.8 });
  let defs = lit.defs;
  defs += linear('night-sky', 0, 0, 0, 1, [
    [0, '#020617'],
    [1, '#1e293b'],
  ]);
  let body = rect(0, 0, W, H, 'url(#night-sky)');
  for (let i = 0; i < 160; i += 1) body += circle(next() * W, next() * 600, next() * 1.8 + 0.3, '#e2e8f0', `fill-opacity="${0.3 + next() * 0.7}"`);
  body += rect(580, 470, 40, 300, '#1f2937');
  body += rect(290, 160, 620, 320, '#111827');
  body += lit.body;
  // Trees and the road verge.
  for (let i = 0; i < 14; i += 1) {
    const x = i * 92 + next() * 40;
    const h = 120 + next() * 120;
    body += polygon([[x, 780], [x + 40, 780 - h], [x + 80, 780]], '#020409');
  }
  body += rect(0, 770, W, 130, '#05070c');
  body += rect(0, 830, W, 6, '#f8fafc', 'fill-opacity="0.5"');
  return svg(W, H, defs, body);
}

/** Installers on a scissor lift fixing cabinets to a steel frame at dusk. */
export function riggingScene(): string {
  let defs = linear('rig-sky', 0, 0, 0, 1, [
    [0, '#312e81'],
    [0.6, '#c2410c'],
    [1, '#fdba74'],
  ]);
  let body = rect(0, 0, W, H, 'url(#rig-sky)');
  const cw = 120;
  const ch = 120;
  body += rect(180, 100, 840, 500, 'none', 'stroke="#1f2937" stroke-width="10"');
  for (let x = 180; x <= 1020; x += cw) body += line(x, 100, x, 600, '#1f2937', 6);
  for (let y = 100; y <= 600; y += ch) body += line(180, y, 1020, y, '#1f2937', 6);
  // The cabinets already fixed: the top rows, some of them switched on for testing.
  const wall = { x: 180, y: 100, w: 840, h: 240 };
  const art = waves('rig-art', wall, ['#0ea5e9', '#6366f1', '#22d3ee'], 44);
  const lit = display('rig', boxOutline(wall), wall, art, { pitch: 6, glow: 30, glowOpacity: 0.5 });
  defs += lit.defs;
  body += lit.body;
  for (let c = 0; c < 4; c += 1) body += rect(180 + c * cw + 3, 343, cw - 6, ch - 6, '#111827');
  // Scissor lift with two installers in hard hats.
  const lx = 720;
  body += rect(lx - 110, 440, 220, 16, '#facc15');
  body += rect(lx - 110, 400, 220, 6, '#facc15');
  for (let i = 0; i < 4; i += 1) {
    body += line(lx - 100, 456 + i * 70, lx + 100, 526 + i * 70, '#eab308', 8);
    body += line(lx + 100, 456 + i * 70, lx - 100, 526 + i * 70, '#eab308', 8);
  }
  body += rect(lx - 130, 736, 260, 50, '#ca8a04');
  body += circle(lx - 90, 800, 18, '#111') + circle(lx + 90, 800, 18, '#111');
  for (const x of [lx - 50, lx + 45]) {
    body += figure(x, 440, 130, '#0b0f19');
    body += path(`M${x - 14},${323} Q${x},${300} ${x + 14},${323} Z`, '#f8fafc');
  }
  body += rect(0, 810, W, 90, '#1c1917');
  return svg(W, H, defs, body);
}

/** A TV studio: presenter desk in front of an LED backdrop, cameras in the foreground. */
export function broadcastStudioScene(): string {
  const wall = { x: 80, y: 90, w: 1040, h: 460 };
  const lit = display('studio', boxOutline(wall), wall, skyline('studio-art', wall), { pitch: 4, glow: 40, glowOpacity: 0.5 });
  let defs = lit.defs;
  defs += linearAbs('studio-floor', 0, 550, 0, 900, [
    [0, '#1e293b'],
    [1, '#020617'],
  ]);
  defs += radial('studio-spot', 0.5, 0.5, 0.5, [
    [0, '#ffffff', 0.9],
    [1, '#ffffff', 0],
  ]);
  let body = rect(0, 0, W, H, '#05070d');
  for (let i = 0; i < 7; i += 1) body += ellipse(120 + i * 160, 40, 30, 12, 'url(#studio-spot)');
  body += lit.body;
  body += rect(0, 550, W, 350, 'url(#studio-floor)');
  body += path('M360,640 Q600,600 840,640 L820,760 Q600,730 380,760 Z', '#e2e8f0');
  body += path('M360,640 Q600,600 840,640 L840,652 Q600,612 360,652 Z', '#38bdf8');
  body += person(540, 560, 26, '#0f172a');
  body += person(670, 565, 25, '#1e1b4b');
  // Cameras on pedestals, out of focus in the foreground.
  defs += blur('studio-near', 3);
  const camera = (x: number) =>
    group(
      `${rect(x - 70, 700, 140, 80, '#0b0d12')}${rect(x + 60, 720, 50, 40, '#0b0d12')}${rect(x - 8, 780, 16, 120, '#0b0d12')}${polygon([[x - 80, 900], [x + 80, 900], [x, 860]], '#0b0d12')}${circle(x + 100, 740, 6, '#ef4444')}`,
      'filter="url(#studio-near)"',
    );
  body += camera(170) + camera(1030);
  return svg(W, H, defs, body);
}
