// How the media library's views write sizes and places (README.md, "Pictures in the console").
import type { MediaItem } from '../../validation/media-library/media-library.protocol.ts';

/** 812 KB, 3.4 MB. */
export function bytesText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "1200 × 900 px, 812 KB" (the build's pictures have no upload size). */
export function sizeText(picture: Pick<MediaItem, 'width' | 'height' | 'bytes'>): string {
  const pixels = `${picture.width} × ${picture.height} px`;
  return picture.bytes === null ? pixels : `${pixels}, ${bytesText(picture.bytes)}`;
}

/** A thumbnail's height at `width`, as the optimiser rounds it. */
export const thumbnailHeight = (picture: Pick<MediaItem, 'width' | 'height'>, width: number): number => Math.round((picture.height * width) / picture.width);
