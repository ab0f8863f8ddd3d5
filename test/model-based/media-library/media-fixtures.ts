// What the media library's model tests show: pictures as the server lists them.
import type { MediaItem, MediaStorage } from '../../../src/validation/media-library/media-library.protocol.ts';

export const BUILT: MediaItem = {
  key: 'about-factory',
  source: 'build',
  alt: null,
  width: 1200,
  height: 1500,
  widths: [480, 960, 1200],
  thumbnailUrl: '/assets/images/about-factory-480w.b4a3510297.jpg',
  bytes: null,
  originalName: null,
  uploadedBy: null,
  uploadedAt: null,
  uses: [{ document: 'about', path: 'image' }],
  deletable: false,
};

export const UPLOADED: MediaItem = {
  key: 'night-wall',
  source: 'upload',
  alt: 'An LED wall at night',
  width: 1000,
  height: 700,
  widths: [480, 960, 1000],
  thumbnailUrl: '/assets/images/night-wall-480w.0123456789.jpg',
  bytes: 834_000,
  originalName: 'Night Wall.jpg',
  uploadedBy: 'owner@example.com',
  uploadedAt: '2026-11-27T07:00:00.000Z',
  uses: [],
  deletable: true,
};

/** The uploads' files: 2.5 MB of the default 1 GB (MEDIA_MAX_BYTES). */
export const STORAGE: MediaStorage = { usedBytes: 2_621_440, quotaBytes: 1024 ** 3 };

export const session = (role: 'owner' | 'staff') => ({ person: { id: 1, email: `${role}@example.com`, role }, timeZone: 'Africa/Johannesburg', expiresAt: '2026-11-27T20:00:00.000Z', idleMinutes: 30 });
