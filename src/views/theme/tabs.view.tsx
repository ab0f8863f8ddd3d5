// Tabs after the WAI-ARIA APG pattern (automatic activation). The view only renders the tabs
// machine: which panel shows, which tab is in the tab order, and where the focus goes after an
// arrow key. Prerendered, every panel is in the HTML under its heading and the tab list is
// hidden: without JavaScript every stage reads, one after the other. A browser that runs scripts
// shows the prerendered markup as tabs from first paint (tabs.css, `scripting: enabled`), so
// nothing moves when the machine takes over after hydration.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { InspectionEvent } from 'xstate';
import { tabsMachine, type TabsEvent } from '../../machines/theme/tabs.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';

export interface TabItem {
  id: string;
  label: string;
  heading: string;
  text: string;
  points: readonly string[];
}

export interface TabsViewProps {
  /** Prefix of the tabs' and panels' ids (unique on the page). */
  idPrefix: string;
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem[];
  /** The machine to run; tests pass the production machine through the harness. */
  logic?: typeof tabsMachine;
  inspect?: (event: InspectionEvent) => void;
}

/** The APG's keys; anything else is left to the browser. */
const KEY_EVENTS: Record<string, TabsEvent> = {
  ArrowRight: { type: 'tab.next' },
  ArrowLeft: { type: 'tab.previous' },
  Home: { type: 'tab.first' },
  End: { type: 'tab.last' },
};

export function TabsView({ idPrefix, label, tabs, logic = tabsMachine, inspect }: TabsViewProps) {
  const actorRef = useActorRef(logic, { input: { count: tabs.length }, inspect: inspectWith(inspect) });
  const tabbed = useSelector(actorRef, (snapshot) => snapshot.matches('tabbed'));
  const selected = useSelector(actorRef, (snapshot) => snapshot.context.selected);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keyEvent = KEY_EVENTS[event.key];
    if (!keyEvent || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    actorRef.send(keyEvent);
  };

  // Roving tabindex: the focus follows the selection the machine made (it says so).
  useEffect(() => {
    const subscription = actorRef.on('focus.tab', ({ index }) => tabRefs.current[index]?.focus());
    return () => subscription.unsubscribe();
  }, [actorRef]);

  const tabId = (tab: TabItem) => `${idPrefix}-tab-${tab.id}`;
  const panelId = (tab: TabItem) => `${idPrefix}-panel-${tab.id}`;

  return (
    <div className={tabbed ? 'tabs tabs--tabbed' : 'tabs'} data-state={tabbed ? 'tabbed' : 'stacked'}>
      <div role="tablist" aria-label={label} className="tabs__list" hidden={!tabbed} onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab)}
            className="tabs__tab"
            aria-selected={index === selected}
            aria-controls={panelId(tab)}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => actorRef.send({ type: 'tab.select', index })}
          >
            <span className="tabs__number" aria-hidden="true">
              {index + 1}
            </span>
            {tab.label}
          </button>
        ))}
      </div>
      <div className="tabs__panels">
        {tabs.map((tab, index) => (
          <div
            key={tab.id}
            id={panelId(tab)}
            className="tabs__panel"
            role={tabbed ? 'tabpanel' : undefined}
            aria-labelledby={tabbed ? tabId(tab) : undefined}
            // The panel holds no focusable element, so it takes the focus itself (APG).
            tabIndex={tabbed ? 0 : undefined}
            hidden={tabbed && index !== selected}
          >
            <h3 className="tabs__heading">
              <span className="tabs__step">{tab.label}: </span>
              {tab.heading}
            </h3>
            <p>{tab.text}</p>
            <ul className="tabs__points tick-list">
              {tab.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}
