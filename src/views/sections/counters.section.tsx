// Key figures. They show their final numbers; the count-up animation of a later issue starts
// from data-value and must end on the same text.
import { home } from '../../../content/index.ts';
import { SectionHeading } from './parts/section-heading.view.tsx';

/** South African style, a space between thousands ("9 400"), the same in Node and every browser. */
export function formatCount(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
}

export function CountersSection() {
  const { counters } = home;
  return (
    <section id="counters" className="section section--dark counters" aria-labelledby="counters-title">
      <div className="container">
        <SectionHeading id="counters-title" eyebrow={counters.eyebrow} heading={counters.heading} />
        <ul className="counter-list">
          {counters.items.map((counter) => (
            <li key={counter.label} className="counter">
              <span className="counter__value" data-value={counter.value}>
                {counter.prefix}
                {formatCount(counter.value)}
                {counter.suffix}
              </span>
              <span className="counter__label">{counter.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
