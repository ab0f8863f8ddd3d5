// The about picture (portrait 4:5): cabinets being fitted into a steel frame on the
// assembly floor, the top rows lit for their burn-in test.
import { boxOutline, display } from './display-panel.ts';
import { waves } from './screen-artwork.ts';
import { blur, ellipse, figure, line, linear, linearAbs, polygon, radial, random, rect, svg } from './svg-kit.ts';

export function aboutScene(): string {
  const W = 1200;
  const H = 1500;
  const next = random(2024);
  const frame = { x: 170, y: 260, w: 860, h: 720 };
  const cell = 143.33;
  const litRows = { x: frame.x, y: frame.y, w: frame.w, h: cell * 3 };
  const lit = display('about', boxOutline(litRows), litRows, waves('about-art', litRows, ['#0891b2', '#4f46e5', '#22d3ee'], 8), { pitch: 6, glow: 45, glowOpacity: 0.55 });
  let defs = lit.defs;
  defs += linear('about-bg', 0, 0, 0, 1, [
    [0, '#1b2433'],
    [1, '#2b3442'],
  ]);
  defs += linearAbs('about-floor', 0, 1080, 0, 1500, [
    [0, '#4a5361'],
    [1, '#2a2f38'],
  ]);
  defs += radial('about-lamp', 0.5, 0.5, 0.5, [
    [0, '#fffbe8', 0.95],
    [1, '#fffbe8', 0],
  ]);
  defs += blur('about-soft', 10);
  let body = rect(0, 0, W, H, 'url(#about-bg)');
  // Roof trusses and high-bay lamps.
  for (let i = 0; i < 6; i += 1) body += line(i * 240, 0, i * 240 + 120, 140, '#394456', 8);
  body += rect(0, 140, W, 12, '#394456');
  for (const x of [200, 600, 1000]) body += ellipse(x, 170, 140, 60, 'url(#about-lamp)');
  // The frame and its cabinets: lit rows on top, dark modules below, empty bays at the bottom.
  body += rect(frame.x - 20, frame.y - 20, frame.w + 40, frame.h + 40, '#0e131b');
  body += lit.body;
  for (let r = 3; r < 5; r += 1) {
    for (let c = 0; c < 6; c += 1) {
      const x = frame.x + c * cell;
      const y = frame.y + r * cell;
      if (r === 4 && c > 2) continue;
      body += rect(x + 3, y + 3, cell - 6, cell - 6, '#151a22');
      for (let m = 0; m < 4; m += 1) body += rect(x + 10 + (m % 2) * 62, y + 10 + Math.floor(m / 2) * 62, 58, 58, '#1f2630');
    }
  }
  for (let c = 0; c <= 6; c += 1) body += line(frame.x + c * cell, frame.y, frame.x + c * cell, frame.y + frame.h, '#6b7686', 4);
  for (let r = 0; r <= 5; r += 1) body += line(frame.x, frame.y + r * cell, frame.x + frame.w, frame.y + r * cell, '#6b7686', 4);
  body += rect(frame.x - 30, frame.y + frame.h, frame.w + 60, 40, '#f59e0b');
  body += rect(frame.x + 40, frame.y + frame.h + 40, 30, 80, '#3f4754');
  body += rect(frame.x + frame.w - 70, frame.y + frame.h + 40, 30, 80, '#3f4754');
  // Floor, a trolley of modules and two technicians.
  body += rect(0, 1080, W, 420, 'url(#about-floor)');
  for (let x = -600; x < W + 600; x += 120) body += line(x, H, 600 + (x - 600) * 0.3, 1080, '#555f6e', 2);
  body += polygon([[0, 1080], [W, 1080], [W, 1090], [0, 1090]], '#f59e0b', 'fill-opacity="0.7"');
  body += rect(780, 1170, 260, 150, '#3b82f6');
  for (let i = 0; i < 4; i += 1) body += rect(790 + i * 62, 1140 - (next() > 0.5 ? 10 : 0), 56, 40, '#1f2630');
  body += ellipse(830, 1340, 20, 20, '#111') + ellipse(990, 1340, 20, 20, '#111');
  body += figure(380, 1380, 420, '#0c1018');
  body += figure(610, 1330, 360, '#141a24');
  body += ellipse(600, 1420, 400, 30, '#000', 'fill-opacity="0.25" filter="url(#about-soft)"');
  return svg(W, H, defs, body);
}
