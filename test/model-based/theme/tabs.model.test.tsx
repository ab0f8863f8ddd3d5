// tabs, walked through the real <TabsView> with the "How we work" content along every edge of
// the production machine's graph: clicks on tabs and the APG keys on the focused tab.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { home } from '../../support/site-content.ts';
import { tabsMachine } from '../../../src/machines/theme/tabs.machine.ts';
import { TabsView } from '../../../src/views/theme/tabs.view.tsx';
import { describeModel, fakeCallbackActor, type FakeCallbackActor, type StepContext } from '../harness/index.ts';

const { steps, tabsLabel } = home.process;
const KEYS = { 'tab.next': '{ArrowRight}', 'tab.previous': '{ArrowLeft}', 'tab.first': '{Home}', 'tab.last': '{End}' } as const;

/** Presses a key on the selected tab, where the keyboard user is. */
const press = (key: string) => async ({ user, from }: StepContext) => {
  const selected = (from.context as { selected: number }).selected;
  const tab = screen.getByRole('tab', { name: new RegExp(steps[selected]!.label) });
  tab.focus();
  await user.keyboard(key);
};

describeModel({
  machine: tabsMachine,
  input: { count: steps.length },
  eventSamples: steps.map((_, index) => ({ type: 'tab.select' as const, index })),
  fakes: { hydrated: () => fakeCallbackActor() },
  render: (props) => <TabsView idPrefix="process" label={tabsLabel} tabs={steps} {...props} />,
  events: {
    'view.hydrate': ({ fakes }) => (fakes.hydrated as FakeCallbackActor).running?.sendBack({ type: 'view.hydrate' }),
    'tab.select': async ({ user, event }) => {
      const { index } = event as { index: number };
      await user.click(screen.getByRole('tab', { name: new RegExp(steps[index]!.label) }));
    },
    'tab.next': press(KEYS['tab.next']),
    'tab.previous': press(KEYS['tab.previous']),
    'tab.first': press(KEYS['tab.first']),
    'tab.last': press(KEYS['tab.last']),
  },
  states: {
    stacked: ({ container }) => {
      // Every stage readable, one after the other, and no tab list to operate.
      expect(screen.queryByRole('tablist')).toBeNull();
      expect(screen.queryAllByRole('tabpanel')).toHaveLength(0);
      for (const step of steps) expect(screen.getByRole('heading', { level: 3, name: new RegExp(step.heading) })).toBeVisible();
      expect(container.querySelector('[role="tablist"]')).not.toBeVisible();
    },
    tabbed: ({ snapshot }) => {
      const { selected } = snapshot.context;
      const tablist = screen.getByRole('tablist', { name: tabsLabel });
      const tabs = within(tablist).getAllByRole('tab');
      expect(tabs).toHaveLength(steps.length);
      tabs.forEach((tab, index) => {
        expect(tab).toHaveAttribute('aria-selected', String(index === selected));
        // Roving tabindex: only the selected tab is in the tab order.
        expect(tab).toHaveAttribute('tabindex', index === selected ? '0' : '-1');
        expect(tab).toHaveAttribute('aria-controls', `process-panel-${steps[index]!.id}`);
      });
      // One panel shown, labelled by its tab; the others hidden.
      const panel = screen.getByRole('tabpanel');
      expect(panel).toHaveAttribute('id', `process-panel-${steps[selected]!.id}`);
      expect(panel).toHaveAccessibleName(steps[selected]!.label);
      expect(panel).toBeVisible();
      expect(within(panel).getByText(steps[selected]!.text)).toBeVisible();
      // After a key the focus is on the selected tab (after a click it is there anyway).
      if (tablist.contains(document.activeElement)) expect(document.activeElement).toBe(tabs[selected]);
    },
  },
});
