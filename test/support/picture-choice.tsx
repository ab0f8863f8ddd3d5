// A stand-in for the console's picture picker in tests of the content editor alone: the build's
// pictures in the form kit's select, with no request (the real picker, the media library's, has
// its own model-based test: test/model-based/media-library/media-choices.model.test.tsx).
import { imageManifest } from '../../content/image-manifest.ts';
import { SelectField } from '../../src/views/shared/form-fields/index.ts';
import type { PictureChoiceProps } from '../../src/views/shared/picture-choice.ts';

const KEYS = Object.keys(imageManifest.images).sort();

export function BuiltPictureChoice({ formId, name, label, hint, value, error, onChange }: PictureChoiceProps) {
  const options = (value === '' || KEYS.includes(value) ? KEYS : [value, ...KEYS]).map((key) => ({ value: key, label: key }));
  return (
    <SelectField
      formId={formId}
      name={name}
      label={label}
      {...(hint === undefined ? {} : { hint })}
      {...(error === undefined ? {} : { error })}
      required
      includeBlank="Choose a picture"
      options={options}
      value={value}
      onChange={(key) => onChange(String(key))}
    />
  );
}
