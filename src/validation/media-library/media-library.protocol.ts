// The media library's protocol (README.md, "Pictures in the console"), written once for the
// browser (services/media-library/) and the server (server/media-library/): the list of every
// picture with where it is used, the upload's fields and limits, deletion, and the codes of
// their refusals. Browser-safe. Routes are below CONSOLE_API (validation/console/console-api.ts).
import { array, boolean, enums, integer, nullable, number, object, string, type Infer } from 'superstruct';

/** Routes below CONSOLE_API. */
export const MEDIA_ROUTE = {
  /** GET: every picture (the build's and uploaded), as MediaListAnswerStruct. */
  list: '/media',
  /** POST multipart/form-data (`file`, `alt`, optional `key`): an upload, as UploadAnswerStruct (201). */
  upload: '/media',
  /** POST {} (owner): deletes an uploaded picture that nothing uses, with its files. */
  delete: '/media/:key/delete',
} as const;

/** The largest upload: the file itself (the library's own quota is the server's MEDIA_MAX_BYTES). */
export const MEDIA_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** The types taken, read from the file's content (never its name or its declared type). */
export const MEDIA_FORMATS = ['jpeg', 'png', 'webp'] as const;
/** What the file picker offers; the server still reads the content. */
export const MEDIA_ACCEPT = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ALT_MAX = 300;
export const KEY_MAX = 80;
/** A picture's key: what content names it by (content/structs/common.struct.ts' ImageRef), and its files' names. */
export const MEDIA_KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The multipart fields of an upload. */
export const UPLOAD_FIELD = { file: 'file', alt: 'alt', key: 'key' } as const;
export type UploadField = (typeof UPLOAD_FIELD)[keyof typeof UPLOAD_FIELD];

/** The media library's own refusals (400s with a field are CONSOLE_REFUSAL.invalidBody, `data.field` naming it). */
export const MEDIA_ERROR = {
  /** 413: the file is larger than MEDIA_FILE_MAX_BYTES. */
  tooLarge: 'media_too_large',
  /** 422: the picture's header declares more than 10,000 pixels on a side, or 100 megapixels (server/images/encode-image.ts; nothing of it is decoded). */
  tooManyPixels: 'media_too_many_pixels',
  /** 413: the library's pictures would take more than the server's MEDIA_MAX_BYTES (`data.usedBytes`, `data.quotaBytes`). */
  quotaExceeded: 'media_quota_exceeded',
  /** 503: this server is encoding other uploads and has several waiting; send again after `Retry-After`. */
  busy: 'media_busy',
  /** 415: the file is not a JPEG, PNG or WebP picture, whatever its name says. */
  unsupportedType: 'media_unsupported_type',
  /** 409: a picture (the build's or uploaded) already has this key. */
  keyTaken: 'media_key_taken',
  /** 409: content uses the picture (`data.uses` lists where). */
  inUse: 'media_in_use',
  /** 409: a picture of the build (content/images): it goes with a change to the repository. */
  builtIn: 'media_built_in',
  /** 403: staff may upload only while an owner lets staff edit the site. */
  editingNotAllowed: 'media_editing_not_allowed',
  /** 429: this person uploaded more often than MEDIA_UPLOAD_RATE_LIMIT allows; the message says when to try again (`data.retry_after`, and Retry-After). */
  uploadRateLimited: 'media_upload_rate_limited',
} as const;

/** Where content uses a picture: the document and the field's path in it (`items[2].image`). */
export const MediaUseStruct = object({ document: string(), path: string() });
export type MediaUse = Infer<typeof MediaUseStruct>;

export const MediaItemStruct = object({
  key: string(),
  /** `build`: content/images, part of the repository; `upload`: the console's. */
  source: enums(['build', 'upload']),
  /** The alternative text given at upload; null for the build's (content gives it where it uses the picture). */
  alt: nullable(string()),
  width: integer(),
  height: integer(),
  widths: array(integer()),
  /** The smallest variant in the fallback format, for a thumbnail. */
  thumbnailUrl: string(),
  /** The upload's size in bytes; null for the build's. */
  bytes: nullable(number()),
  originalName: nullable(string()),
  uploadedBy: nullable(string()),
  uploadedAt: nullable(string()),
  uses: array(MediaUseStruct),
  /** Whether the one asking may delete it now (an owner, an upload, no uses). */
  deletable: boolean(),
});
export type MediaItem = Infer<typeof MediaItemStruct>;

/** What the uploads take on the server's disk (every variant of every upload) and what they may take (MEDIA_MAX_BYTES). */
export const MediaStorageStruct = object({ usedBytes: number(), quotaBytes: number() });
export type MediaStorage = Infer<typeof MediaStorageStruct>;

export const MediaListAnswerStruct = object({
  pictures: array(MediaItemStruct),
  storage: MediaStorageStruct,
  /** Whether the one asking may upload (owners; staff while an owner lets them edit). */
  mayUpload: boolean(),
});
export type MediaListAnswer = Infer<typeof MediaListAnswerStruct>;

export const UploadAnswerStruct = object({ picture: MediaItemStruct });
export type UploadAnswer = Infer<typeof UploadAnswerStruct>;

/** A key from a file's name: `Night Wall (2).JPG` → `night-wall-2`; '' when nothing is left. */
export function keyFromName(name: string): string {
  const stem = name.replace(/\.[^.]*$/, '');
  return stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, KEY_MAX)
    .replace(/-+$/, '');
}

export const ALT_MISSING = 'Describe the picture for people who cannot see it (alternative text)';
export const ALT_TOO_LONG = `Keep the alternative text to ${ALT_MAX} characters`;
export const KEY_INVALID = `Use lower-case letters, digits and single hyphens, at most ${KEY_MAX} characters, like night-billboard`;
export const FILE_MISSING = 'Choose a JPEG, PNG or WebP picture';
export const FILE_TOO_LARGE = `Choose a picture of at most ${MEDIA_FILE_MAX_BYTES / 1024 / 1024} MB`;

/** A size as the console writes it, here and in the server's refusals: 812 KB, 3.4 MB, 1.0 GB. */
export function bytesText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return bytes < 1024 ** 3 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/** The alternative text's problem under the shared rule, or null. */
export function altProblem(alt: string): string | null {
  const text = alt.trim();
  if (text === '') return ALT_MISSING;
  return text.length > ALT_MAX ? ALT_TOO_LONG : null;
}

/** A given key's problem, or null ('' is none given: the file's name makes it). */
export function keyProblem(key: string): string | null {
  const text = key.trim();
  if (text === '') return null;
  return text.length <= KEY_MAX && MEDIA_KEY_PATTERN.test(text) ? null : KEY_INVALID;
}
