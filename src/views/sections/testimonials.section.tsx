// Client quotes as a list; the slider of a later issue shows the same list one quote at a time.
import { home } from '../../../content/index.ts';
import { SectionHeading } from './parts/section-heading.view.tsx';

export function TestimonialsSection() {
  const { testimonials } = home;
  return (
    <section id="testimonials" className="section testimonials" aria-labelledby="testimonials-title">
      <div className="container">
        <SectionHeading id="testimonials-title" eyebrow={testimonials.eyebrow} heading={testimonials.heading} />
        <ul className="testimonial-list">
          {testimonials.items.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="testimonial">
                <blockquote className="testimonial__quote">
                  <p>{testimonial.quote}</p>
                </blockquote>
                <figcaption className="testimonial__source">
                  <span className="testimonial__name">{testimonial.name}</span>
                  <span className="testimonial__role">
                    {testimonial.role}, {testimonial.organisation}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
