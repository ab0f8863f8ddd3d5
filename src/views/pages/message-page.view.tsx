// The layout of the short pages (thank-you, not found): a heading, a few paragraphs, the way
// back and some places to go next.
import type { SimplePage } from '../../../content/index.ts';

export function MessagePage({ page, id }: { page: SimplePage; id: string }) {
  return (
    <section className="message-page" aria-labelledby={`${id}-title`}>
      <div className="container container--narrow">
        <p className="eyebrow">{page.eyebrow}</p>
        <h1 id={`${id}-title`}>{page.heading}</h1>
        {page.paragraphs.map((paragraph) => (
          <p key={paragraph} className="message-page__text">
            {paragraph}
          </p>
        ))}
        <p>
          <a className="button button--primary" href={page.primaryAction.href}>
            {page.primaryAction.label}
          </a>
        </p>
        <h2 className="message-page__links-title">{page.linksHeading}</h2>
        <ul className="message-page__links">
          {page.links.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
