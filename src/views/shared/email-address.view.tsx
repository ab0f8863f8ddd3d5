// An e-mail address that a narrow screen may break only where a reader expects it: after "@"
// and before a "." (README.md, "The console"), never inside a word ("owner@example.co. za") nor
// at a hyphen. Each stretch between those points is kept whole (console.css), a <wbr> between
// them; the text (and what a copy takes) is the address unchanged.
import { Fragment } from 'react';

/** The address cut after each "@" and before each ".": "a.b@c.za" → ["a", ".b@", "c", ".za"]. */
export function addressStretches(address: string): string[] {
  return address.split(/(?<=@)|(?=\.)/).filter((stretch) => stretch !== '');
}

export function EmailAddress({ address, className }: { address: string; className?: string }) {
  return (
    <span className={className ? `email-address ${className}` : 'email-address'}>
      {addressStretches(address).map((stretch, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          <span className="email-address__stretch">{stretch}</span>
        </Fragment>
      ))}
    </span>
  );
}
