// The opening of every home section: a short label, the heading (which names the section's
// landmark through aria-labelledby) and an optional introduction.
export interface SectionHeadingProps {
  /** Id of the heading element; the section points at it with aria-labelledby. */
  id: string;
  eyebrow: string;
  heading: string;
  intro?: string;
  className?: string;
}

export function SectionHeading({ id, eyebrow, heading, intro, className }: SectionHeadingProps) {
  return (
    <div className={['section-heading', className].filter(Boolean).join(' ')}>
      <p className="eyebrow">{eyebrow}</p>
      <h2 id={id}>{heading}</h2>
      {intro ? <p className="section-heading__intro">{intro}</p> : null}
    </div>
  );
}
