// Draws every scene of scene-list.ts and writes it as a source picture in content/images.
// Run it once when a scene changes, then commit the JPEGs; the build never runs it (the
// build optimises the committed sources):
//   npx tsx content/images/scenes/compose-images.ts [name…]
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { openImage } from '../../../server/images/encode-image.ts';
import { scenes } from './scene-list.ts';

const imagesDir = fileURLToPath(new URL('..', import.meta.url));
const requested = process.argv.slice(2);

for (const name of requested.length > 0 ? requested : Object.keys(scenes)) {
  const scene = scenes[name];
  if (!scene) throw new Error(`No scene named "${name}"; see content/images/scenes/scene-list.ts`);
  // Quality 82: sources are re-encoded at build, so they only need to be visibly clean.
  const jpeg = await openImage(Buffer.from(scene.draw())).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  await writeFile(`${imagesDir}${name}.jpg`, jpeg);
  console.log(`content/images/${name}.jpg  ${(jpeg.length / 1024).toFixed(0)} KB`);
}
