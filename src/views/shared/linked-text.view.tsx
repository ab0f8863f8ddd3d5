// Copy from content with the site's paths in it ("… our privacy notice at /privacy/ …"): each path
// renders as a link to itself, so a consent text can point to the privacy notice while its words
// stay exactly the content's (README, "Privacy").
import { Fragment } from 'react';

const SITE_PATH = /(\/[a-z0-9-]+\/)(?=[\s).,;]|$)/g;

export function LinkedText({ text }: { text: string }) {
  const parts = text.split(SITE_PATH);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
