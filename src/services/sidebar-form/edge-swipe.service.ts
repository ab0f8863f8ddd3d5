// What a finished touch on the screen means for an edge panel: a quick horizontal swipe that
// starts at the panel's edge and moves inward opens it; a quick swipe the other way closes it.
// "Quick" and "horizontal": more than 60 px across in under 300 ms, more across than up or down
// (a vertical scroll that drifts sideways is not a swipe).

export const SWIPE_MIN_DISTANCE_PX = 60;
export const SWIPE_MAX_DURATION_MS = 300;
/** How close to the screen's edge a swipe must start to open the panel. */
export const SWIPE_EDGE_PX = 30;

export interface TouchTrack {
  startX: number;
  startY: number;
  startTime: number;
  endX: number;
  endY: number;
  endTime: number;
}

export type PanelSide = 'left' | 'right';

export function classifySwipe(track: TouchTrack, screen: { width: number; side: PanelSide }): 'open' | 'close' | null {
  const dx = track.endX - track.startX;
  const dy = track.endY - track.startY;
  if (track.endTime - track.startTime >= SWIPE_MAX_DURATION_MS) return null;
  if (Math.abs(dx) <= SWIPE_MIN_DISTANCE_PX || Math.abs(dy) >= Math.abs(dx)) return null;
  const inward = screen.side === 'right' ? dx < 0 : dx > 0;
  if (!inward) return 'close';
  const fromEdge = screen.side === 'right' ? track.startX >= screen.width - SWIPE_EDGE_PX : track.startX <= SWIPE_EDGE_PX;
  return fromEdge ? 'open' : null;
}
