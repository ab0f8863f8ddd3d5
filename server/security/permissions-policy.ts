/**
 * The Permissions-Policy header: the powerful features no page of the site uses are denied to
 * it and to every frame in it, so an injected script or a hijacked embed cannot ask for them.
 * Geolocation stays for the site itself: the map's driving route may start from where the
 * visitor is (src/services/map/geolocation.actor.ts), asked only when they press for it. What
 * the YouTube player's frame is allowed (autoplay, encrypted-media, picture-in-picture,
 * fullscreen: video-player.view.tsx) is left to the browser's defaults. Only features Chromium
 * knows are named: an unknown one is logged as an error on every page.
 */
const DENIED = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

export const PERMISSIONS_POLICY = ['geolocation=(self)', ...DENIED.map((feature) => `${feature}=()`)].join(', ');
