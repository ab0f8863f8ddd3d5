// The fictional clients' wordmarks, drawn inline (no request, no layout shift): a small emblem
// and the name. Each is one image with the client's name as its accessible name; the content
// picks the drawing by key, and the Record type makes every key drawable.
import type { ReactNode } from 'react';
import type { Home } from '../../../content/index.ts';

export type ClientLogoKey = Home['clients']['items'][number]['logo'];

interface LogoDrawing {
  /** Brand colour of the emblem and the first word (dark enough to read on white). */
  colour: string;
  emblem: ReactNode;
  /** The wordmark: the first line large, an optional second line as a small tagline. */
  words: [string, string?];
  italic?: boolean;
}

const drawings: Record<ClientLogoKey, LogoDrawing> = {
  'karoo-sun': {
    colour: '#b45309',
    emblem: (
      <g>
        <circle cx="30" cy="40" r="11" />
        <path d="M30 18v7M30 55v7M8 40h7M45 40h7M14 24l5 5M41 51l5 5M14 56l5-5M41 29l5-5" strokeWidth="4" stroke="currentColor" />
      </g>
    ),
    words: ['KAROO SUN', 'energy'],
  },
  'umoya-bank': {
    colour: '#1d4ed8',
    emblem: <path d="M10 58h40v-5H10zM14 50h6V30h-6zM27 50h6V30h-6zM40 50h6V30h-6zM8 27 30 14l22 13z" />,
    words: ['Umoya', 'BANK'],
  },
  'table-bay-freight': {
    colour: '#0f766e',
    emblem: <path d="M6 50h48l-6 10H12zM12 46V32h16v14zM32 46V24h16v22zM8 22h12l12-8 12 8h12" strokeWidth="0" />,
    words: ['TABLE BAY', 'freight & logistics'],
  },
  'highveld-minerals': {
    colour: '#7c2d12',
    emblem: <path d="M4 60 22 26l10 16 8-12 16 30z" />,
    words: ['Highveld', 'MINERALS'],
  },
  'drakensberg-water': {
    colour: '#0369a1',
    emblem: <path d="M30 12c10 14 16 24 16 32a16 16 0 0 1-32 0c0-8 6-18 16-32z" />,
    words: ['Drakensberg', 'WATER'],
    italic: true,
  },
  'indlovu-retail': {
    colour: '#4d7c0f',
    emblem: (
      <path d="M12 30c0-10 8-16 18-16s18 6 18 16v18h-6V36h-4v12h-6V38h-4v10h-6V36h-4v16c0 4-6 4-6 0z" />
    ),
    words: ['INDLOVU', 'retail group'],
  },
  'fynbos-foods': {
    colour: '#be185d',
    emblem: (
      <g>
        <circle cx="30" cy="30" r="8" />
        <path d="M30 8c5 6 5 10 0 14-5-4-5-8 0-14zM52 30c-6 5-10 5-14 0 4-5 8-5 14 0zM30 52c-5-6-5-10 0-14 5 4 5 8 0 14zM8 30c6-5 10-5 14 0-4 5-8 5-14 0zM29 40h2v22h-2z" />
      </g>
    ),
    words: ['fynbos', 'FOODS'],
    italic: true,
  },
  'baobab-telecom': {
    colour: '#6d28d9',
    emblem: <path d="M24 62V40c-8 0-16-6-16-14 6 2 10 0 12-4 4 6 8 6 10 0 2 6 6 6 10 0 2 4 6 6 12 4 0 8-8 14-16 14v22z" />,
    words: ['BAOBAB', 'telecom'],
  },
  'jacaranda-health': {
    colour: '#7e22ce',
    emblem: <path d="M24 12h12v16h16v12H36v16H24V40H8V28h16z" />,
    words: ['Jacaranda', 'HEALTH'],
  },
  'kwela-transit': {
    colour: '#b91c1c',
    emblem: (
      <g>
        <path d="M8 18h44v30H8z" />
        <circle cx="18" cy="54" r="5" />
        <circle cx="42" cy="54" r="5" />
        <path d="M12 22h36v12H12z" fill="#ffffff" />
      </g>
    ),
    words: ['KWELA', 'transit'],
  },
};

export function ClientLogo({ logo, name }: { logo: ClientLogoKey; name: string }) {
  const { colour, emblem, words, italic } = drawings[logo];
  const [main, tagline] = words;
  return (
    <svg className="client-logo" viewBox="0 0 240 80" width="240" height="80" role="img" aria-label={name} focusable="false">
      <g fill={colour} color={colour}>
        {emblem}
      </g>
      <text
        x="66"
        y={tagline ? 44 : 50}
        fill="#1b2433"
        fontFamily="system-ui, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize="24"
        fontWeight="800"
        fontStyle={italic ? 'italic' : undefined}
        textLength={main.length > 9 ? 166 : undefined}
        lengthAdjust="spacingAndGlyphs"
      >
        {main}
      </text>
      {tagline ? (
        <text x="67" y="64" fill={colour} fontFamily="system-ui, 'Segoe UI', Roboto, Arial, sans-serif" fontSize="13" fontWeight="600" letterSpacing="1.5">
          {tagline}
        </text>
      ) : null}
    </svg>
  );
}
