// The map illustration (16:9): streets of Midrand around the head office, with a pin. It is
// decorative and says so in its alt text; the real map arrives with the maps loader.
import { blur, circle, ellipse, group, linear, path, polygon, random, rect, svg } from './svg-kit.ts';

export function mapScene(): string {
  const W = 1600;
  const H = 900;
  const next = random(1685);
  let defs = linear('map-land', 0, 0, 1, 1, [
    [0, '#eef2ec'],
    [1, '#e3e8e1'],
  ]);
  defs += blur('map-shadow', 6);
  let body = rect(0, 0, W, H, 'url(#map-land)');
  // City blocks in a loose grid.
  for (let y = 20; y < H; y += 110) {
    for (let x = 20; x < W; x += 140) {
      const w = 100 + next() * 20;
      const h = 70 + next() * 20;
      body += rect(x, y, w, h, next() > 0.85 ? '#cfe5c4' : '#dde2da', 'rx="6"');
    }
  }
  // A park and a stream.
  body += path('M980,520 C1060,470 1220,480 1280,560 C1330,630 1230,720 1120,700 C1010,690 930,600 980,520 Z', '#bfdcb0');
  body += path('M0,760 C300,700 520,820 820,760 S1300,640 1600,700', 'none', 'stroke="#a9cfe6" stroke-width="22"');
  // Streets, then the highway (the N1) on top.
  const street = 'stroke="#ffffff" stroke-width="14" stroke-linecap="round"';
  for (let y = 10; y < H; y += 110) body += path(`M0,${y + 95} L${W},${y + 95}`, 'none', street);
  for (let x = 10; x < W; x += 140) body += path(`M${x + 125},0 L${x + 125},${H}`, 'none', street);
  body += path('M380,0 C420,300 360,600 460,900', 'none', 'stroke="#f3c969" stroke-width="40"');
  body += path('M380,0 C420,300 360,600 460,900', 'none', 'stroke="#fbe3a1" stroke-width="26"');
  body += path('M0,420 C500,380 1100,460 1600,400', 'none', 'stroke="#ffffff" stroke-width="26"');
  // The pin over the head office.
  const px = 860;
  const py = 420;
  body += ellipse(px, py + 6, 34, 12, '#000', 'fill-opacity="0.3" filter="url(#map-shadow)"');
  body += group(
    `${path(`M${px},${py} C${px - 20},${py - 40} ${px - 56},${py - 70} ${px - 56},${py - 110} A56,56 0 1 1 ${px + 56},${py - 110} C${px + 56},${py - 70} ${px + 20},${py - 40} ${px},${py} Z`, '#0e7490')}${circle(px, py - 112, 22, '#ffffff')}`,
  );
  body += polygon([[px - 4, py - 120], [px + 4, py - 120], [px + 4, py - 104], [px - 4, py - 104]], '#0e7490');
  return svg(W, H, defs, body);
}
