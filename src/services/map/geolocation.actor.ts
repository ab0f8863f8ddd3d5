// The visitor's position, asked for only when they ask for the route from where they are (the
// browser asks them first). Rejects when refused, unavailable or too slow.
import { fromPromise } from 'xstate';

export const GEOLOCATION_TIMEOUT_MS = 10_000;

export const geolocation = fromPromise<{ lat: number; lng: number }>(
  () =>
    new Promise((resolve, reject) => {
      if (!('geolocation' in navigator)) {
        reject(new Error('This browser cannot tell its position'));
        return;
      }
      navigator.geolocation.getCurrentPosition(
        (position) => resolve({ lat: position.coords.latitude, lng: position.coords.longitude }),
        (error) => reject(new Error(error.message)),
        { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 300_000 },
      );
    }),
);
