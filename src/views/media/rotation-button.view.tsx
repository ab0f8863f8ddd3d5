// The rotation button of a slider that moves by itself (the WAI-ARIA APG carousel's first
// control): named for what it will do, "play" while stopped and "pause" while playing, with the
// matching icon. The testimonials slider, the hero slider and the logo carousel share it.

export interface RotationButtonProps {
  className: string;
  /** The machine would take `rotation.play` now (the rotation is stopped). */
  canPlay: boolean;
  words: { play: string; pause: string };
  onToggle: () => void;
  /** Id of the slides it controls. */
  controls?: string;
  /** Kept in place but out of everyone's way while there is no rotation to control. */
  hidden?: boolean;
}

export function RotationButton({ className, canPlay, words, onToggle, controls, hidden }: RotationButtonProps) {
  return (
    <button type="button" className={className} hidden={hidden} aria-controls={controls} aria-label={canPlay ? words.play : words.pause} onClick={onToggle}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d={canPlay ? 'M8 5v14l11-7z' : 'M7 5h3.5v14H7zM13.5 5H17v14h-3.5z'} fill="currentColor" />
      </svg>
    </button>
  );
}
