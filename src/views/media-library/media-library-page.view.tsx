// The console's pictures page (README.md, "Pictures in the console"), drawn from the
// mediaLibrary machine: every picture with its thumbnail, size, alternative text and where
// content uses it (a table that becomes stacked cards at 375 px), what the uploads take of the
// space the server keeps for them (MEDIA_MAX_BYTES), the upload form for those who may upload,
// and deletion of an upload with a confirmation (owners).
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { mediaLibraryMachine, usesText } from '../../machines/media-library/media-library.machine.ts';
import type { mediaUploadMachine } from '../../machines/media-library/media-upload.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import type { ConsolePageProps } from '../shared/console-page-props.ts';
import { MediaUploadForm } from './media-upload-form.view.tsx';
import { isStorageFull, sizeText, storageText, thumbnailHeight } from './media-texts.ts';
import './media-library.css';

const THUMBNAIL_WIDTH = 96;

/** Staff who may not upload are told who can change that and where (the People page's switch). */
export const UPLOAD_NOT_ALLOWED_TEXT =
  'Only an owner can upload pictures: an owner has not allowed staff to edit the site’s content. An owner can allow it on the People page (“Staff may edit the site’s content”).';

export interface MediaLibraryPageProps extends ConsolePageProps {
  logic?: typeof mediaLibraryMachine;
  inspect?: (event: InspectionEvent) => void;
  /** The upload form's machine (tests give it fakes). */
  uploadLogic?: typeof mediaUploadMachine;
}

export function MediaLibraryPage({ session, api, onSessionEnded, logic = mediaLibraryMachine, inspect, uploadLogic }: MediaLibraryPageProps) {
  const actorRef = useActorRef(logic, { input: { api }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { context } = snapshot;
  const isOwner = session.person.role === 'owner';

  useEffect(() => {
    const ended = actorRef.on('session.ended', onSessionEnded);
    return () => ended.unsubscribe();
  }, [actorRef, onSessionEnded]);
  useEffect(() => headingRef.current?.focus(), []);
  const onUploaded = useCallback(() => actorRef.send({ type: 'list.reload' }), [actorRef]);

  const ready = snapshot.matches({ shown: 'ready' });
  const confirming = snapshot.matches({ shown: 'confirming' });
  const asking = confirming || snapshot.matches({ shown: 'deleting' });

  return (
    <section className="console-media" aria-labelledby="console-media-title" aria-busy={snapshot.hasTag('busy')}>
      <h1 id="console-media-title" ref={headingRef} tabIndex={-1}>
        Pictures
      </h1>
      {snapshot.matches('loading') ? <p role="status">Loading the pictures…</p> : null}
      {snapshot.matches('failed') ? (
        <div role="alert" className="console-media__problem">
          <p>The pictures could not be loaded. {context.problem}</p>
          <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'list.retry' })}>
            Try again
          </button>
        </div>
      ) : null}
      {snapshot.matches('signedOut') ? <p role="status">Your session has ended. Sign in again.</p> : null}
      {snapshot.matches('shown') ? (
        <>
          {context.storage ? (
            <p className={isStorageFull(context.storage) ? 'console-media__storage console-media__problem' : 'console-media__storage'}>
              {storageText(context.storage)}
            </p>
          ) : null}
          {context.mayUpload ? (
            <MediaUploadForm api={api} onUploaded={onUploaded} onSessionEnded={onSessionEnded} {...(uploadLogic ? { logic: uploadLogic } : {})} />
          ) : (
            <p>{UPLOAD_NOT_ALLOWED_TEXT}</p>
          )}

          {asking && context.picture ? (
            <div role="alertdialog" aria-labelledby="console-media-delete-title" aria-describedby="console-media-delete-text" className="console-media__confirm">
              <h2 id="console-media-delete-title">Delete {context.picture.key}?</h2>
              <p id="console-media-delete-text">The picture and all its sizes are deleted. A picture the site still uses is kept.</p>
              <button type="button" className="action-button action-button--danger" disabled={!confirming} onClick={() => actorRef.send({ type: 'delete.confirm' })}>
                Delete picture
              </button>{' '}
              <button type="button" className="action-button action-button--secondary" disabled={!confirming} onClick={() => actorRef.send({ type: 'delete.cancel' })}>
                Cancel
              </button>
            </div>
          ) : null}

          <div aria-live="polite" className="console-media__result">
            {snapshot.matches({ shown: { ready: 'deleted' } }) && context.picture ? <p>{context.picture.key} was deleted.</p> : null}
            {snapshot.matches({ shown: { ready: 'refused' } }) ? <p className="console-media__problem">{context.problem}</p> : null}
          </div>

          <div className="console-media__table-wrap">
            <table className="console-media__table console-table">
              <caption>Every picture of the site</caption>
              <thead>
                <tr>
                  <th scope="col">Picture</th>
                  <th scope="col">Name</th>
                  <th scope="col">Alternative text</th>
                  <th scope="col">Size</th>
                  <th scope="col">Used in</th>
                  <th scope="col">From</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {context.pictures.map((picture) => (
                  <tr key={picture.key} data-picture={picture.key}>
                    <td data-label="Picture">
                      <img src={picture.thumbnailUrl} alt="" width={THUMBNAIL_WIDTH} height={thumbnailHeight(picture, THUMBNAIL_WIDTH)} loading="lazy" decoding="async" />
                    </td>
                    <th scope="row" data-label="Name">
                      {picture.key}
                    </th>
                    <td data-label="Alternative text">{picture.alt ?? 'Given where content uses it'}</td>
                    <td data-label="Size">{sizeText(picture)}</td>
                    <td data-label="Used in">{picture.uses.length === 0 ? 'Not used' : usesText(picture.uses)}</td>
                    <td data-label="From">{picture.source === 'build' ? 'The site\u2019s own' : `Uploaded by ${picture.uploadedBy ?? 'someone'}`}</td>
                    <td data-label="Actions">
                      {isOwner && picture.source === 'upload' ? (
                        <button type="button" className="action-button action-button--secondary" aria-label={`Delete ${picture.key}`} disabled={!ready} onClick={() => actorRef.send({ type: 'picture.delete', key: picture.key })}>
                          Delete
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
