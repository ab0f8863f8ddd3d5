// Development helper: renders one scene to .tmp/ so it can be looked at while drawing it.
//   npx tsx content/images/scenes/preview.ts hero-led-wall
import { mkdirSync } from 'node:fs';
import { openImage } from '../../../server/images/encode-image.ts';
import { scenes } from './scene-list.ts';

const names = process.argv.slice(2);
mkdirSync('.tmp/scenes', { recursive: true });
for (const name of names.length > 0 ? names : Object.keys(scenes)) {
  const scene = scenes[name];
  if (!scene) throw new Error(`No scene named ${name}`);
  await openImage(Buffer.from(scene.draw())).resize(800).png().toFile(`.tmp/scenes/${name}.png`);
  console.log(`.tmp/scenes/${name}.png`);
}
