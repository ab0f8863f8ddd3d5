// Whether the visitor's browser asks not to be tracked: Global Privacy Control
// (`navigator.globalPrivacyControl`) or the older Do Not Track (`navigator.doNotTrack` "1", or
// `window.doNotTrack` in browsers that put it there).

export interface PrivacySignals {
  navigator?: { globalPrivacyControl?: unknown; doNotTrack?: unknown };
  doNotTrack?: unknown;
}

export function sendsPrivacySignal(from: PrivacySignals | undefined = typeof window === 'undefined' ? undefined : (window as PrivacySignals)): boolean {
  if (!from) return false;
  return from.navigator?.globalPrivacyControl === true || from.navigator?.doNotTrack === '1' || from.doNotTrack === '1';
}
