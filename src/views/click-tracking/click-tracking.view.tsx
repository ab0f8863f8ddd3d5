// Track The Click on every page: renders nothing of its own. It runs the clickTracking machine
// and, once the machine holds the page's link counts, shows them on the links (data-clicks and
// a bubble drawn by CSS). Its code is a chunk of its own, loaded after the first paint.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { InspectionEvent } from 'xstate';
import type { Site } from '../../../content/structs/site.struct.ts';
import { clickTrackingMachine } from '../../machines/click-tracking/click-tracking.machine.ts';
import { markLinkCounts } from '../../services/click-tracking/link-counts.service.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { sendsPrivacySignal } from '../../services/click-tracking/privacy-signal.service.ts';
import { isConsoleSignedIn } from '../../services/shared/console-presence.service.ts';
import { useSiteContent } from '../shared/site-content.tsx';

export interface ClickTrackingProps {
  /** The page's post id from content; 0 for a page without one. */
  postId: number;
  settings?: Site['clickTracking'];
  /** Tests pass the machine with fakes provided. */
  logic?: typeof clickTrackingMachine;
  inspect?: (event: InspectionEvent) => void;
}

export default function ClickTracking({ postId, settings: givenSettings, logic = clickTrackingMachine, inspect }: ClickTrackingProps) {
  const { site } = useSiteContent();
  const settings = givenSettings ?? site.clickTracking;
  // The input is read once, when the actor starts: the privacy signal is the browser's setting
  // for the whole visit, and whether a console user is signed in (this tab's mark) is read as the page opens.
  const actorRef = useActorRef(logic, { input: { postId, ...settings, privacySignal: sendsPrivacySignal(), consoleSignedIn: isConsoleSignedIn() }, inspect: inspectWith(inspect) });
  const counts = useSelector(actorRef, (snapshot) => (snapshot.hasTag('counts') ? snapshot.context.counts : null));
  useEffect(() => {
    if (counts) markLinkCounts(document, counts);
  }, [counts]);
  return null;
}
