// A form field that chooses a picture by its key (README.md, "Pictures in the console"). The
// content editor draws its `{ key, alt }` fields with whichever the console's shell gives it: the
// media library's picker (src/views/media-library/image-picker.view.tsx), which lists the
// build's pictures and the uploaded ones. Features do not import each other; this is the shape
// they share.
import type { ComponentType } from 'react';

export interface PictureChoiceProps {
  /** The form's id and the field's name (the form kit's ids: `fieldIds(formId, name)`). */
  formId: string;
  name: string;
  label: string;
  hint?: string;
  /** The chosen picture's key ('' for none yet). */
  value: string;
  /** The message beside the field; absent while fine. */
  error?: string;
  /** `alt`: the words the picture was given at upload, where it has them (the form offers them as its alternative text). */
  onChange(key: string, alt?: string): void;
}

export type PictureChoice = ComponentType<PictureChoiceProps>;
