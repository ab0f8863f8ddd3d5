// Line icons for the services, drawn inline (24 × 24, currentColor). Decorative: each service
// has a visible title.
import type { Home } from '../../../../content/index.ts';

type IconName = Home['services']['items'][number]['icon'];

const paths: Record<IconName, string> = {
  'led-wall': 'M3 5h18v11H3zM3 8.7h18M3 12.3h18M9 5v11M15 5v11M8 20h8M12 16v4',
  signage: 'M7 3h10v14H7zM7 13h10M10 17v4M14 17v4M8 21h8',
  outdoor: 'M3 4h18v9H3zM12 13v8M8 21h8M5 7h6M5 10h9M17 7v3',
  'control-room': 'M2 4h9v6H2zM13 4h9v6h-9zM2 12h9v6H2zM13 12h9v6h-9zM6 21h12',
  engineering: 'M3 21h18M5 21V10l7-6 7 6v11M9 21v-6h6v6M5 10l14 11M19 10 5 21',
  maintenance: 'M14.7 6.3a4 4 0 0 0-5.4 5.2L3 17.8 6.2 21l6.3-6.3a4 4 0 0 0 5.2-5.4l-2.5 2.5-2.5-.7-.7-2.5z',
  rental: 'M4 7h16v10H4zM8 17l-2 4M16 17l2 4M12 3v4',
};

export function ServiceIcon({ name }: { name: IconName }) {
  return (
    <svg className="service-icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
