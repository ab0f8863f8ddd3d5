// The privacy notice (/privacy/): content/documents/privacy.json, with the retention periods the site was built
// with (src/validation/privacy/built-retention.ts; README, "Privacy").
import { builtRetentionDays } from '../../validation/privacy/built-retention.ts';
import type { RetentionKind } from '../../validation/privacy/retention-periods.ts';
import { PrivacyPart } from './privacy-part.view.tsx';
import { useSiteContent } from '../shared/site-content.tsx';

export function PrivacyPage() {
  const { privacy } = useSiteContent();
  const { notice, informationOfficer: officer } = privacy;
  const kinds = Object.keys(notice.retentionLabels) as RetentionKind[];
  return (
    <section className="message-page" aria-labelledby="privacy-title">
      <div className="container container--narrow">
        <h1 id="privacy-title">{notice.heading}</h1>
        {notice.intro.map((paragraph) => (
          <p key={paragraph} className="message-page__text">
            {paragraph}
          </p>
        ))}
        <h2>Information Officer</h2>
        <address className="message-page__text">
          {officer.name}, {officer.role}
          <br />
          {officer.address}
          <br />
          <a href={`mailto:${officer.email}`}>{officer.email}</a>
        </address>
        {notice.parts.map((part) => (
          <PrivacyPart key={part.heading} part={part} />
        ))}
        <h2>{notice.retentionHeading}</h2>
        <p className="message-page__text">{notice.retentionIntro}</p>
        <ul data-testid="retention-periods">
          {kinds.map((kind) => (
            <li key={kind}>
              {`${notice.retentionLabels[kind]}: `}<strong>{`${builtRetentionDays[kind]} days`}</strong>
            </li>
          ))}
        </ul>
        {notice.retentionOther.map((paragraph) => (
          <p key={paragraph} className="message-page__text">
            {paragraph}
          </p>
        ))}
        {notice.after.map((part) => (
          <PrivacyPart key={part.heading} part={part} />
        ))}
      </div>
    </section>
  );
}
