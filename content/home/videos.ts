// The home page's "videos" section: films on the company's YouTube channel, each with the
// poster YouTube shows at 480 x 360, kept here so that nothing is fetched from YouTube before a
// visitor asks for a film.
import type { Home } from '../structs/home.struct.ts';

export const videos: Home['videos'] = {
  eyebrow: 'Videos',
  heading: 'See the work in motion',
  intro: 'Short films from our sites: how a wall goes up, and what it looks like once it is on.',
  items: [
    {
      key: 'lobby-wall-build',
      youtubeId: 'Q7vWcX2bLk4',
      title: 'A 96-cabinet lobby wall, built over one weekend',
      poster: { key: 'video-lobby-wall-build', alt: 'A concave LED wall in a lobby, from the film about its build' },
      caption: 'Four minutes, from empty steel frame to first picture.',
      display: 'in-place',
    },
    {
      key: 'billboard-night-install',
      youtubeId: 'tR3mKp8ZyQ0',
      title: 'Night shift: installing a roadside billboard',
      poster: { key: 'video-billboard-night-install', alt: 'A roadside LED billboard at night, from the film about its installation' },
      caption: 'The crew, the crane and the first switch-on after midnight.',
      display: 'popup',
    },
    {
      key: 'studio-calibration',
      youtubeId: 'Hc5nE0sJd9w',
      title: 'Calibrating a broadcast studio backdrop',
      poster: { key: 'video-studio-calibration', alt: 'A television studio with an LED backdrop, from the film about its calibration' },
      caption: 'Why a wall that looks perfect to the eye can still flicker on camera.',
      display: 'popup',
    },
  ],
  words: { play: 'Play: %s', close: 'Close the video' },
};
