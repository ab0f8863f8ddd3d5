// The media library over the console's one client (services/shared/console-api.client.ts) and
// its protocol (validation/media-library/): the list, an upload, a deletion.
import { OkAnswerStruct } from '../../validation/console/console-api.ts';
import {
  MEDIA_ROUTE,
  MediaListAnswerStruct,
  UPLOAD_FIELD,
  UploadAnswerStruct,
  type MediaItem,
  type MediaListAnswer,
} from '../../validation/media-library/media-library.protocol.ts';
import type { ConsoleApi } from '../shared/console-api.client.ts';

export interface UploadRequest {
  file: File;
  alt: string;
  /** '' for the key the file's name makes. */
  key: string;
}

export function listMedia(api: ConsoleApi, signal?: AbortSignal): Promise<MediaListAnswer> {
  return api.get(MEDIA_ROUTE.list, MediaListAnswerStruct, signal ? { signal } : {});
}

export async function uploadPicture(api: ConsoleApi, upload: UploadRequest, signal?: AbortSignal): Promise<MediaItem> {
  const form = new FormData();
  form.append(UPLOAD_FIELD.alt, upload.alt.trim());
  if (upload.key.trim() !== '') form.append(UPLOAD_FIELD.key, upload.key.trim());
  form.append(UPLOAD_FIELD.file, upload.file, upload.file.name);
  const answer = await api.postForm(MEDIA_ROUTE.upload, form, UploadAnswerStruct, signal ? { signal } : {});
  return answer.picture;
}

export async function deletePicture(api: ConsoleApi, key: string, signal?: AbortSignal): Promise<void> {
  await api.post(MEDIA_ROUTE.delete.replace(':key', encodeURIComponent(key)), {}, OkAnswerStruct, signal ? { signal } : {});
}
