// The accessibility statement (/accessibility/), from content/documents/privacy.json.
import { PrivacyPart } from './privacy-part.view.tsx';
import { useSiteContent } from '../shared/site-content.tsx';

export function AccessibilityPage() {
  const { privacy } = useSiteContent();
  const { accessibility } = privacy;
  return (
    <section className="message-page" aria-labelledby="accessibility-title">
      <div className="container container--narrow">
        <h1 id="accessibility-title">{accessibility.heading}</h1>
        {accessibility.intro.map((paragraph) => (
          <p key={paragraph} className="message-page__text">
            {paragraph}
          </p>
        ))}
        {accessibility.parts.map((part) => (
          <PrivacyPart key={part.heading} part={part} />
        ))}
      </div>
    </section>
  );
}
