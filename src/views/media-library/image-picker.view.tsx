// A picture field for forms that name a picture by its key (the content editor's `{ key, alt }`
// fields; README.md, "Pictures in the console"): a drop-down of every picture of the media
// library, the build's and the uploaded, with the chosen one's thumbnail beside it. The list
// comes from the mediaChoices machine; the chosen key is the form's own (`value`, `onChange`),
// drawn with the shared form kit, so its error sits beside it like any field's.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { InspectionEvent } from 'xstate';
import { mediaChoicesMachine } from '../../machines/media-library/media-choices.machine.ts';
import type { ConsoleApi } from '../../services/shared/console-api.client.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { SelectField } from '../shared/form-fields/index.ts';
import type { PictureChoiceProps } from '../shared/picture-choice.ts';
import { sizeText, thumbnailHeight } from './media-texts.ts';

const THUMBNAIL_WIDTH = 160;

export interface ImagePickerProps extends PictureChoiceProps {
  api: ConsoleApi;
  /** The list was refused because the session ended. */
  onSessionEnded(): void;
  logic?: typeof mediaChoicesMachine;
  inspect?: (event: InspectionEvent) => void;
}

export function ImagePicker({ api, formId, name, label, hint, value, error, onChange, onSessionEnded, logic = mediaChoicesMachine, inspect }: ImagePickerProps) {
  const actorRef = useActorRef(logic, { input: { api }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const { pictures, problem } = snapshot.context;

  useEffect(() => {
    const ended = actorRef.on('session.ended', onSessionEnded);
    return () => ended.unsubscribe();
  }, [actorRef, onSessionEnded]);

  const chosen = pictures.find((picture) => picture.key === value);
  // The current key stays offered while the list loads or when it is not (yet) in the library.
  const options = pictures.map((picture) => ({ value: picture.key, label: picture.alt === null ? picture.key : `${picture.key}: ${picture.alt}` }));
  if (value !== '' && chosen === undefined) options.unshift({ value, label: value });
  const previewId = `${formId}-${name}-preview`;

  return (
    <div className="image-picker" aria-busy={snapshot.hasTag('busy')}>
      <SelectField
        formId={formId}
        name={name}
        label={label}
        {...(hint === undefined ? {} : { hint })}
        {...(error === undefined ? {} : { error })}
        options={options}
        includeBlank="Choose a picture"
        value={value}
        describedBy={[previewId]}
        onChange={(key) => {
          // The words given at upload go with the picture: the form offers them as its alternative text.
          const alt = pictures.find((picture) => picture.key === key)?.alt;
          onChange(String(key), alt ?? undefined);
        }}
      />
      <div id={previewId} className="image-picker__preview">
        {snapshot.matches('loading') ? <p role="status">Loading the pictures…</p> : null}
        {snapshot.matches('failed') ? (
          <div role="alert">
            <p>The pictures could not be loaded. {problem}</p>
            <button type="button" className="action-button action-button--secondary" onClick={() => actorRef.send({ type: 'list.retry' })}>
              Try again
            </button>
          </div>
        ) : null}
        {snapshot.matches('ready') && chosen !== undefined ? (
          <figure>
            <img src={chosen.thumbnailUrl} alt="" width={THUMBNAIL_WIDTH} height={thumbnailHeight(chosen, THUMBNAIL_WIDTH)} />
            <figcaption>{sizeText(chosen)}</figcaption>
          </figure>
        ) : null}
        {snapshot.matches('ready') && chosen === undefined && value !== '' ? <p>There is no picture named {value} in the library.</p> : null}
      </div>
    </div>
  );
}
