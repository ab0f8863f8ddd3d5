// The hero: a concave LED wall above a stage, seen from the back of a dark auditorium.
import { display } from './display-panel.ts';
import { waves } from './screen-artwork.ts';
import { blur, ellipse, group, linear, linearAbs, path, person, polygon, radial, random, rect, svg } from './svg-kit.ts';

export function heroScene(): string {
  const W = 1600;
  const H = 900;
  const next = random(2009);
  const wall = { x: 150, y: 90, w: 1300, h: 470 };
  // Concave: the middle of the wall is further away, so its edges bow towards the centre.
  const outline = `M150,90 Q800,170 1450,90 L1450,560 Q800,500 150,560 Z`;
  const art = waves('hero', wall, ['#1d4ed8', '#a21caf', '#0ea5e9'], 7);
  const lit = display('hero-wall', outline, wall, art, { pitch: 6, glow: 60, glowOpacity: 0.75 });

  let defs = lit.defs;
  defs += linear('room', 0, 0, 0, 1, [
    [0, '#04060d'],
    [0.6, '#0a1022'],
    [1, '#03040a'],
  ]);
  defs += linearAbs('floor', 0, 560, 0, 900, [
    [0, '#1b1540'],
    [1, '#05060c'],
  ]);
  defs += linear('beam', 0, 0, 0, 1, [
    [0, '#9ad8ff', 0.35],
    [1, '#9ad8ff', 0],
  ]);
  defs += radial('spot', 0.5, 0.5, 0.5, [
    [0, '#ffffff', 0.9],
    [1, '#ffffff', 0],
  ]);
  defs += blur('soft', 6);
  defs += linearAbs('reflection-fade', 0, 590, 0, 760, [
    [0, '#ffffff', 0.35],
    [1, '#ffffff', 0],
  ]);
  defs += `<mask id="reflection-mask"><rect x="0" y="590" width="${W}" height="200" fill="url(#reflection-fade)"/></mask>`;

  let body = rect(0, 0, W, H, 'url(#room)');
  // Stage light beams from the truss.
  for (let i = 0; i < 6; i += 1) {
    const x = 220 + i * 232;
    body += polygon(
      [
        [x - 8, 30],
        [x + 8, 30],
        [x + 140 - i * 40, 620],
        [x - 60 - i * 10, 620],
      ],
      'url(#beam)',
      'opacity="0.5"',
    );
    body += ellipse(x, 30, 22, 10, 'url(#spot)');
  }
  body += rect(0, 18, W, 10, '#1a1f2e');
  body += lit.body;
  // Mirror of the wall on the glossy stage floor.
  body += rect(0, 560, W, 340, 'url(#floor)');
  body += group(group(lit.body, `transform="translate(0 1150) scale(1 -1)"`), 'mask="url(#reflection-mask)" filter="url(#soft)"');
  body += rect(120, 590, 1360, 14, '#0d0f1a');
  // The audience, three rows of silhouettes with a rim of screen light.
  const rows: Array<[number, number, number]> = [
    [730, 15, 62],
    [820, 21, 84],
  ];
  for (const [y, size, spacing] of rows) {
    for (let x = -20; x < W + 40; x += spacing) {
      const jitter = (next() - 0.5) * spacing * 0.4;
      body += person(x + jitter, y + (next() - 0.5) * 8, size, '#020308', 'stroke="#7c5cd6" stroke-opacity="0.45" stroke-width="1.5"');
    }
  }
  body += path(`M0,${H} L0,${H - 20} L${W},${H - 20} L${W},${H} Z`, '#020308');
  return svg(W, H, defs, body);
}
