import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isOverPixelLimit, MAX_INPUT_PIXELS, openImage, readImageHeader } from '../../../server/images/encode-image.ts';
import { zeroPng } from '../helpers/zero-png.ts';

// Every picture the repository decodes is opened with a pixel limit (issue 40, part 3; README.md,
// "Abuse paths and the limits that stop them"): sharp's own default lets a 268-megapixel picture
// be decoded whole. openImage (server/images/encode-image.ts) is the one place sharp() is called.

/** The TypeScript files below `folder`, recursively. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('sharp with a pixel limit', () => {
  it('is called in server/, scripts/ and content/ only through openImage, which passes limitInputPixels', () => {
    const callers = ['server', 'scripts', 'content']
      .flatMap(sourceFiles)
      .filter((file) => /\bsharp\(|from 'sharp'|require\('sharp'\)/.test(readFileSync(file, 'utf8')));
    expect(callers).toEqual([path.join('server', 'images', 'encode-image.ts')]);
    const source = readFileSync('server/images/encode-image.ts', 'utf8');
    expect(source.match(/\bsharp\(/g)).toHaveLength(1);
    expect(source).toContain('sharp(source, { ...options, limitInputPixels: MAX_INPUT_PIXELS })');
    expect(MAX_INPUT_PIXELS).toBe(100_000_000);
  });

  it('refuses a picture declaring more than 100 megapixels from its header, in metadata() already', async () => {
    const bomb = zeroPng(16_383, 16_383);
    const refusal = await openImage(bomb).metadata().then(() => null, (error: unknown) => error);
    expect(isOverPixelLimit(refusal)).toBe(true);
    await expect(readImageHeader(zeroPng(10_001, 10_000))).rejects.toSatisfy(isOverPixelLimit);
    // At the limit, the header is read: the media library then checks each side (10,000 px).
    expect(await readImageHeader(zeroPng(10_000, 10_000))).toEqual({ format: 'png', width: 10_000, height: 10_000, hasAlpha: false });
    expect(await readImageHeader(zeroPng(12_000, 100))).toEqual({ format: 'png', width: 12_000, height: 100, hasAlpha: false });
  });

  it('decodes a picture within the limit as before', async () => {
    const small = await openImage(zeroPng(40, 30)).resize({ width: 20 }).png().toBuffer();
    expect(await readImageHeader(small)).toMatchObject({ format: 'png', width: 20, height: 15 });
  });
});
