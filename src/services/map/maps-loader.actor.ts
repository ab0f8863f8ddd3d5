// Loads the Maps JavaScript API with Google's own loader: `setOptions` once per page with the
// key from the site's config, then the libraries the office map uses, each imported once (the
// promise is kept, so a second map or a retry asks Google nothing more). A rejection (offline,
// blocked) is the map's load failure; a refused key is reported later by Google itself
// (`gm_authFailure`, see google-map.actor.ts).
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import { fromPromise } from 'xstate';
import { fetchSiteConfig, SITE_REST_ROOT } from '../shared/site-config.client.ts';

export interface MapsLibraries {
  maps: google.maps.MapsLibrary;
  marker: google.maps.MarkerLibrary;
  routes: google.maps.RoutesLibrary;
  core: google.maps.CoreLibrary;
}

let optionsSet = false;
let loading: Promise<MapsLibraries> | undefined;

export function loadMapsLibraries(key: string): Promise<MapsLibraries> {
  if (!optionsSet) {
    setOptions({ key, v: 'weekly' });
    optionsSet = true;
  }
  if (!loading) {
    loading = Promise.all([importLibrary('maps'), importLibrary('marker'), importLibrary('routes'), importLibrary('core')]).then(
      ([maps, marker, routes, core]) => ({ maps, marker, routes, core }),
    );
    // A failed load may be tried again (back online) with a new import.
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
}

export interface MapsSettings {
  /** null when GOOGLE_MAPS_API_KEY is not set. */
  key: string | null;
  /** MAP_LOAD: on the visitor's click, or when the section comes near. */
  load: 'click' | 'visible';
}

/** The key and MAP_LOAD from the site's public config. */
export const mapsKey = fromPromise<MapsSettings, { root?: string }>(async ({ input, signal }) => {
  const config = await fetchSiteConfig(input.root ?? SITE_REST_ROOT, { signal });
  return { key: config.googleMapsApiKey, load: config.mapLoad };
});

export const mapsLoader = fromPromise<MapsLibraries, { key: string }>(({ input }) => loadMapsLibraries(input.key));
