// The character counter under a field (Contact Form 7's `.wpcf7-character-count`, with the
// too-long / too-short classes), in GOV.UK's words. The visible count follows every key but is
// hidden from screen readers; a polite live region repeats the count the form last announced
// (the contact form's machine announces once typing pauses), so a screen reader is not
// interrupted at every key. Give the control `describedBy={[id]}` for the static instructions.

/** A count against its limits (the contact form's `characterCount` computes one). */
export interface CharacterCount {
  count: number;
  maximum: number | undefined;
  minimum: number | undefined;
  tooLong: boolean;
  tooShort: boolean;
}

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
  /** The counted field's name. */
  name: string;
  /** The count now. */
  count: CharacterCount;
  /** The count last announced; undefined before any. */
  announced: CharacterCount | undefined;
  /** Id of the static instructions the control is described by. */
  id: string;
}

export function CharacterCounter({ name, count, announced, id }: CharacterCounterProps) {
  return (
    <div className="character-count">
      <span id={id} className="visually-hidden">
        {count.maximum !== undefined ? `You can enter up to ${characters(count.maximum)}` : ''}
      </span>
      <span
        className={`wpcf7-character-count up${count.tooLong ? ' too-long' : ''}${count.tooShort ? ' too-short' : ''}`}
        data-target-name={name}
        data-current-value={count.count}
        data-maximum-value={count.maximum}
        data-minimum-value={count.minimum}
        aria-hidden="true"
      >
        {counterMessage(count)}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {announced === undefined ? '' : counterMessage(announced)}
      </span>
    </div>
  );
}
