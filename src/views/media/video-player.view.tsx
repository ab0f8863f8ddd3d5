// A video: renders the videoPlayer machine. The poster is a button named "Play: {title}"; played
// in place, the button gives way to the embedded player (autoplaying, titled) in the same 16:9
// box, so nothing moves; in a popup, the player is drawn inside the video's <dialog> while it is
// open and removed when it closes (the film stops). Without JavaScript the caption's link opens
// the film on YouTube.
import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { InspectionEvent } from 'xstate';
import type { Home } from '../../../content/structs/home.struct.ts';
import { VIDEO_POPUP_MIN_WIDTH_PX } from '../../machines/shared/theme.constants.ts';
import { videoPlayerMachine } from '../../machines/media/video-player.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { ResponsivePicture } from '../sections/parts/responsive-picture.view.tsx';

type Video = Home['videos']['items'][number];

/** YouTube's privacy-enhanced embed (no cookies until the film plays), started at once. */
export const embedUrlOf = (video: Video) => `https://www.youtube-nocookie.com/embed/${video.youtubeId}?autoplay=1&rel=0`;
export const watchUrlOf = (video: Video) => `https://www.youtube.com/watch?v=${video.youtubeId}`;
export const dialogIdOf = (video: Video) => `video-${video.key}-dialog`;

export interface VideoPlayerProps {
  video: Video;
  words: Home['videos']['words'];
  /** The machine to run; tests pass `videoPlayerMachine.provide({ actors })` with stand-ins. */
  logic?: typeof videoPlayerMachine;
  inspect?: (event: InspectionEvent) => void;
}

function Player({ video }: { video: Video }) {
  return (
    <iframe
      className="video__player"
      src={embedUrlOf(video)}
      title={video.title}
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}

export function VideoPlayer({ video, words, logic = videoPlayerMachine, inspect }: VideoPlayerProps) {
  const actorRef = useActorRef(logic, { input: { display: video.display, dialogId: dialogIdOf(video) }, inspect: inspectWith(inspect) });
  const inPlace = useSelector(actorRef, (snapshot) => snapshot.hasTag('inPlace'));
  const inPopup = useSelector(actorRef, (snapshot) => snapshot.hasTag('inPopup'));
  const playButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const closing = actorRef.on('popup.closed', () => playButton.current?.focus());
    return () => closing.unsubscribe();
  }, [actorRef]);

  const play = () =>
    actorRef.send({ type: 'video.play', popupAllowed: window.matchMedia(`(min-width: ${VIDEO_POPUP_MIN_WIDTH_PX}px)`).matches });

  return (
    <figure className="video">
      <div className="video__frame">
        {inPlace ? (
          <Player video={video} />
        ) : (
          <button ref={playButton} type="button" className="video__play" aria-label={words.play.replace('%s', video.title)} onClick={play}>
            <ResponsivePicture image={video.poster} sizes="(min-width: 64em) 360px, (min-width: 40em) 45vw, 100vw" className="video__poster" />
            <span className="video__icon" aria-hidden="true" />
          </button>
        )}
      </div>
      <figcaption>
        {video.caption}
        <noscript>
          {' '}
          <a href={watchUrlOf(video)}>{video.title}</a>
        </noscript>
      </figcaption>
      {video.display === 'popup' ? (
        <dialog id={dialogIdOf(video)} className="video-dialog" aria-label={video.title}>
          <form method="dialog" className="video-dialog__bar">
            <button type="submit" className="video-dialog__close">
              {words.close}
            </button>
          </form>
          <div className="video__frame">{inPopup ? <Player video={video} /> : null}</div>
        </dialog>
      ) : null}
    </figure>
  );
}
