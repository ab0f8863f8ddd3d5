// The character counter under a field (Contact Form 7's `.wpcf7-character-count`, with the
// too-long / too-short classes), in GOV.UK's words. The visible count follows every key but is
// hidden from screen readers; a polite live region repeats it only once typing pauses (the
// machine's `counterPause`), so a screen reader is not interrupted at every key.
import { characterCount, type CharacterCount } from '../../machines/contact-form-values.ts';
import type { FormField } from '../../../content/forms/index.ts';

type CountedField = Extract<FormField, { type: 'text' | 'email' | 'tel' | 'url' | 'textarea' }>;

// No digit grouping: "1 913" (en-ZA) is read aloud as two numbers by some screen readers.
const number = (value: number) => String(value);
const characters = (value: number) => `${number(value)} character${value === 1 ? '' : 's'}`;

export function counterMessage({ count, maximum, minimum, tooLong, tooShort }: CharacterCount): string {
  if (tooLong && maximum !== undefined) return `You have ${characters(count - maximum)} too many`;
  if (tooShort && count > 0 && minimum !== undefined) return `Enter ${characters(minimum - count)} more (at least ${number(minimum)})`;
  if (maximum === undefined) return `You have entered ${characters(count)}`;
  if (count === 0) return `You can enter up to ${characters(maximum)}`;
  return `You have ${characters(maximum - count)} remaining`;
}

export interface CharacterCounterProps {
  field: CountedField;
  value: string;
  /** The count last announced (after a pause in typing); undefined before any typing. */
  announced: number | undefined;
  /** Id of the static instructions the control is described by. */
  id: string;
}

export function CharacterCounter({ field, value, announced, id }: CharacterCounterProps) {
  const count = characterCount(field, value.length);
  const limit = field.maxLength;
  return (
    <div className="character-count">
      <span id={id} className="visually-hidden">
        {limit !== undefined ? `You can enter up to ${characters(limit)}` : ''}
      </span>
      <span
        className={`wpcf7-character-count up${count.tooLong ? ' too-long' : ''}${count.tooShort ? ' too-short' : ''}`}
        data-target-name={field.name}
        data-current-value={count.count}
        data-maximum-value={field.maxLength}
        data-minimum-value={field.minLength}
        aria-hidden="true"
      >
        {counterMessage(count)}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {announced === undefined ? '' : counterMessage(characterCount(field, announced))}
      </span>
    </div>
  );
}
