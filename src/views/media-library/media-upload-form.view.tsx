// The media library's upload form, drawn from the mediaUpload machine with the shared form kit:
// the picture, its alternative text and its key, each error beside its field and in the
// summary; the answer (uploaded, or what went wrong) in a live region (README.md, "Pictures in
// the console").
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { mediaUploadMachine } from '../../machines/media-library/media-upload.machine.ts';
import type { ConsoleApi } from '../../services/shared/console-api.client.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { ALT_MAX, KEY_MAX, MEDIA_ACCEPT, MEDIA_FILE_MAX_BYTES, type MediaItem } from '../../validation/media-library/media-library.protocol.ts';
import { ErrorSummary, errorItems, FileField, TextField } from '../shared/form-fields/index.ts';
import { useEmittedFocus } from '../shared/use-emitted-focus.ts';

const FORM_ID = 'console-media-upload';
const FIELD_ORDER = ['file', 'alt', 'key'];

export interface MediaUploadFormProps {
  api: ConsoleApi;
  /** A picture was uploaded (the page reads its list again). */
  onUploaded(picture: MediaItem): void;
  onSessionEnded(): void;
  logic?: typeof mediaUploadMachine;
  inspect?: (event: InspectionEvent) => void;
}

export function MediaUploadForm({ api, onUploaded, onSessionEnded, logic = mediaUploadMachine, inspect }: MediaUploadFormProps) {
  const actorRef = useActorRef(logic, { input: { api }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const summaryRef = useRef<HTMLDivElement>(null);
  const { context } = snapshot;
  const uploading = snapshot.matches('uploading');

  useEmittedFocus(actorRef, 'focus.summary', summaryRef);
  useEffect(() => {
    const uploaded = actorRef.on('picture.uploaded', (event) => onUploaded(event.picture));
    const ended = actorRef.on('session.ended', onSessionEnded);
    return () => {
      uploaded.unsubscribe();
      ended.unsubscribe();
    };
  }, [actorRef, onUploaded, onSessionEnded]);

  return (
    <form
      className="console-media__upload"
      aria-labelledby="console-media-upload-title"
      aria-busy={uploading}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actorRef.send({ type: 'upload.submit' });
      }}
    >
      <h2 id="console-media-upload-title">Upload a picture</h2>
      <ErrorSummary formId={FORM_ID} items={errorItems(FORM_ID, FIELD_ORDER, context.errors)} summaryRef={summaryRef} headingLevel={3} />
      <FileField
        formId={FORM_ID}
        name="file"
        label="Picture"
        hint={`A JPEG, PNG or WebP photo of up to ${MEDIA_FILE_MAX_BYTES / 1024 / 1024} MB. It is made into the sizes and formats the site serves.`}
        accept={MEDIA_ACCEPT}
        required
        resetKey={context.uploads}
        error={context.errors.file}
        onChange={(files) => actorRef.send({ type: 'upload.file', file: files[0] ?? null })}
      />
      <TextField
        formId={FORM_ID}
        name="alt"
        label="Alternative text"
        hint={`What the picture shows, for people who cannot see it; at most ${ALT_MAX} characters.`}
        required
        value={context.alt}
        error={context.errors.alt}
        onChange={(value) => actorRef.send({ type: 'upload.alt', value })}
      />
      <TextField
        formId={FORM_ID}
        name="key"
        label="Name (optional)"
        hint={`How content names the picture: lower-case letters, digits and hyphens, at most ${KEY_MAX} characters. Left empty, the file's name makes it.`}
        autoComplete="off"
        value={context.key}
        error={context.errors.key}
        onChange={(value) => actorRef.send({ type: 'upload.key', value })}
      />
      <button type="submit" className="action-button" disabled={uploading}>
        {uploading ? 'Uploading…' : 'Upload'}
      </button>
      <div aria-live="polite" className="console-media__result">
        {snapshot.matches({ editing: 'uploaded' }) && context.picture ? (
          <p>
            {context.picture.key} was uploaded, {context.picture.widths.join(', ')} px wide in AVIF, WebP and a fallback.
          </p>
        ) : null}
        {snapshot.matches({ editing: 'failed' }) ? <p className="console-media__problem">The picture was not uploaded. {context.problem}</p> : null}
        {snapshot.matches('signedOut') ? <p>Your session has ended. Sign in again.</p> : null}
      </div>
    </form>
  );
}
