// One part of the privacy notice or the accessibility statement: a heading, its paragraphs and list.
import type { PrivacyPart as Part } from '../../../content/structs/privacy.struct.ts';

export function PrivacyPart({ part }: { part: Part }) {
  return (
    <>
      <h2>{part.heading}</h2>
      {part.paragraphs.map((paragraph) => (
        <p key={paragraph} className="message-page__text">
          {paragraph}
        </p>
      ))}
      {part.items.length > 0 ? (
        <ul>
          {part.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
