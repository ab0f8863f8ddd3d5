// The effects the media library's machines invoke; the machines decide when.
import { fromPromise } from 'xstate';
import type { MediaItem, MediaListAnswer } from '../../validation/media-library/media-library.protocol.ts';
import type { ConsoleApi } from '../shared/console-api.client.ts';
import { deletePicture, listMedia, uploadPicture, type UploadRequest } from './media-api.client.ts';

export const loadMedia = fromPromise<MediaListAnswer, { api: ConsoleApi }>(({ input, signal }) => listMedia(input.api, signal));
export const sendUpload = fromPromise<MediaItem, { api: ConsoleApi; upload: UploadRequest }>(({ input, signal }) => uploadPicture(input.api, input.upload, signal));
export const removePicture = fromPromise<void, { api: ConsoleApi; key: string }>(({ input, signal }) => deletePicture(input.api, input.key, signal));
