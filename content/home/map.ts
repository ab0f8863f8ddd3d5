// The home page's "map" section: its copy, as content/structs/home.struct.ts describes it.
import type { Home } from '../structs/home.struct.ts';

export const map: Home['map'] = {
  eyebrow: 'Find us',
  heading: 'Visit the showroom',
  intro:
    'See fine-pitch LED, outdoor cabinets and control-room walls side by side at our Midrand head office. Call ahead and an engineer will take you through them.',
  linkLabel: 'Open in Google Maps',
  directionsLinkLabel: 'Directions',
  directions: [
    {
      officeId: 'midrand',
      text: 'Take the New Road exit from the N1 and turn towards Halfway House; Crestway Business Park is on your left after 1.2 km. Visitor parking is in front of Building 3.',
    },
    {
      officeId: 'cape-town',
      text: 'From the N7, take the Montague Drive exit; Montague Park is on the right after the second traffic circle.',
    },
    {
      officeId: 'durban',
      text: 'From the N2, take the Riverhorse Road exit and follow the signs to Riverhorse Valley Business Estate; we are at the end of Riverhorse Close.',
    },
  ],
  interactive: {
    start: 0,
    controls: 'dropdown',
    controlsOn: 'map',
    locations: [
      {
        officeId: 'midrand',
        title: 'Midrand (head office)',
        html: '<strong>%title</strong><br>Showroom and factory: call ahead for a visit.',
        zoom: 15,
        circle: true,
      },
      { officeId: 'cape-town', title: 'Cape Town', html: '<strong>%title</strong><br>Western Cape branch.', zoom: 14, stopover: true },
      { officeId: 'durban', title: 'Durban', html: '<strong>%title</strong><br>KwaZulu-Natal branch.', zoom: 14 },
    ],
    words: {
      mapLabel: 'Map of our offices',
      menuLabel: 'Show on the map',
      viewAll: 'View All',
      showRoute: 'Show the driving route between our offices',
      routeFromHere: 'Show the driving route from here',
      showRouteText: 'Driving route',
      routeFromHereText: 'Route from here',
      distance: 'Driving distance: %s km',
      routeFailed: 'The driving route could not be found (%s). The addresses below still open in Google Maps.',
      locationRefused: 'Your position is not available, so the route starts at our first office.',
      loadFailed: 'The map could not be loaded (%s): the addresses below still work.',
      showMap: 'Show the map',
      showMapNote: 'The map comes from Google Maps: showing it lets Google see your visit.',
      loading: 'Loading the map…',
    },
  },
  image: {
    key: 'map-illustration',
    alt: 'An illustrated street map of Midrand with a pin marking the Lumina head office',
  },
};
