// Links to the company's three social networks, each with its name in text (icons alone are
// not enough for everyone) and a simple inline icon.
import type { Company } from '../../../../content/index.ts';

type Network = keyof Company['social'];

const networks: ReadonlyArray<{ id: Network; label: string; icon: string }> = [
  {
    id: 'facebook',
    label: 'Facebook',
    icon: 'M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4a21 21 0 0 0-2.3-.1c-2.3 0-3.9 1.4-3.9 4v2.2H7.8v3h2.6V21z',
  },
  {
    id: 'linkedin',
    label: 'LinkedIn',
    icon: 'M4 9h3.4v11H4zM5.7 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4M9.5 9h3.3v1.5c.5-.9 1.6-1.8 3.3-1.8 3.5 0 4.1 2.3 4.1 5.3v6h-3.4v-5.3c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V20H9.5z',
  },
  {
    id: 'instagram',
    label: 'Instagram',
    icon: 'M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5m0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3zm4 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7m0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3M17 5.8a1.2 1.2 0 1 1 0 2.4 1.2 1.2 0 0 1 0-2.4',
  },
];

export function SocialLinks({ social }: { social: Company['social'] }) {
  return (
    <ul className="social-links">
      {networks.map((network) => (
        <li key={network.id}>
          <a className="social-links__link" href={social[network.id]} rel="me noopener" target="_blank">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d={network.icon} fill="currentColor" />
            </svg>
            <span>{network.label}</span>
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
