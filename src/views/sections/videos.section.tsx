// The videos section: each film as its poster until a visitor plays it (video-player.view.tsx).
import { SECTION, titleIdOf } from '../../../content/section-ids.ts';
import { VideoPlayer } from '../media/video-player.view.tsx';
import { SectionHeading } from './parts/section-heading.view.tsx';
import { useSiteContent } from '../shared/site-content.tsx';

export function VideosSection() {
  const { videos } = useSiteContent();
  return (
    <section id={SECTION.videos} className="section videos" aria-labelledby={titleIdOf(SECTION.videos)}>
      <div className="container">
        <SectionHeading id={titleIdOf(SECTION.videos)} eyebrow={videos.eyebrow} heading={videos.heading} intro={videos.intro} />
        <ul className="videos-grid">
          {videos.items.map((video) => (
            <li key={video.key}>
              <VideoPlayer video={video} words={videos.words} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
