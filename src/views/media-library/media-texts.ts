// How the media library's views write sizes and places (README.md, "Pictures in the console").
import { bytesText, type MediaItem, type MediaStorage } from '../../validation/media-library/media-library.protocol.ts';

/** Whether the uploads take all the space kept for them: the server refuses every upload until some are deleted. */
export const isStorageFull = (storage: MediaStorage): boolean => storage.usedBytes >= storage.quotaBytes;

/**
 * What the uploads take of the space the server keeps for them (MEDIA_MAX_BYTES), in words:
 * "Uploaded pictures take 3.4 MB of the 1.0 GB kept for them (under 1%)."
 */
export function storageText(storage: MediaStorage): string {
  const share = (storage.usedBytes / storage.quotaBytes) * 100;
  const percent = storage.usedBytes === 0 ? '0%' : share < 1 ? 'under 1%' : `${Math.min(100, Math.floor(share))}%`;
  const taken = `Uploaded pictures take ${storage.usedBytes === 0 ? 'nothing' : bytesText(storage.usedBytes)} of the ${bytesText(storage.quotaBytes)} kept for them (${percent}).`;
  return isStorageFull(storage) ? `${taken} That is all of it: delete pictures nothing uses before uploading more.` : taken;
}

/** "1200 × 900 px, 812 KB" (the build's pictures have no upload size). */
export function sizeText(picture: Pick<MediaItem, 'width' | 'height' | 'bytes'>): string {
  const pixels = `${picture.width} × ${picture.height} px`;
  return picture.bytes === null ? pixels : `${pixels}, ${bytesText(picture.bytes)}`;
}

/** A thumbnail's height at `width`, as the optimiser rounds it. */
export const thumbnailHeight = (picture: Pick<MediaItem, 'width' | 'height'>, width: number): number => Math.round((picture.height * width) / picture.width);
