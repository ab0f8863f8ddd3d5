// sidebarPanel, walked through the real <SidebarContactView> along every edge of the production
// machine's graph: opened by the tab, by a trigger link on the page (the real trigger actor, a
// real click) and by a swipe; closed by its button, the dimmed page, Escape, a swipe back and
// the form's Close (a real message sent and failed); reopened while sliding out; with motion
// and with reduced motion (no delay). The page behind is inert while it is open (the real
// pageInert actor) and the focus goes in and comes back.
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { sidebarContact } from '../../support/site-content.ts';
import type { SidebarContact } from '../../../content/structs/sidebar-contact.struct.ts';
import { sidebarPanelMachine } from '../../../src/machines/sidebar-form/sidebar-panel.machine.ts';
import { sidebarTabMachine } from '../../../src/machines/sidebar-form/sidebar-tab.machine.ts';
import { hydrated } from '../../../src/services/shared/hydrated.actor.ts';
import SidebarContactView, { SIDEBAR_LAYER_ID } from '../../../src/views/sidebar-form/sidebar-contact.view.tsx';
import { describeModel, fakeCallbackActor, hasPendingDelay, type FakeCallbackActor, type StepExecutor } from '../harness/index.ts';
import { fillValidMessage, instantHumanTest, instantSidebarForm, sidebarSubmit } from '../../support/sidebar-form-page.ts';

type Machine = typeof sidebarPanelMachine;
type Snapshot = SnapshotFrom<Machine>;

const content: SidebarContact = { ...sidebarContact, options: { ...sidebarContact.options, label_vis: 'visible' } };
const tabLogic = sidebarTabMachine.provide({ actors: { hydrated } });
const formLogic = instantSidebarForm({ success: false, result: false, message: 'Message not sent. An unknown error occurred.' });

const tab = () => screen.getByRole('button', { name: content.labelText });
const trigger = () => screen.getByRole('link', { name: 'Ask us in a message' });
const dialog = () => document.getElementById('ncf_sidebar');
const layer = () => document.getElementById(SIDEBAR_LAYER_ID);
const overlay = () => layer()!.querySelector<HTMLElement>('.ncf-overlay')!;
const main = () => document.querySelector('main')!;
const send = (fakes: Record<string, unknown>, id: string, type: string) => (fakes[id] as FakeCallbackActor).running?.sendBack({ type });

const isMotionStep = (type: string) => type === 'motion.reduce' || type === 'motion.allow';

const events: Record<string, StepExecutor<Machine>> = {
  'view.hydrate': ({ fakes }) => send(fakes, 'hydrated', 'view.hydrate'),
  'motion.reduce': ({ fakes }) => send(fakes, 'reducedMotion', 'motion.reduce'),
  'motion.allow': ({ fakes }) => send(fakes, 'reducedMotion', 'motion.allow'),
  'swipe.open': ({ fakes }) => send(fakes, 'edgeSwipe', 'swipe.open'),
  'swipe.close': ({ fakes }) => send(fakes, 'edgeSwipe', 'swipe.close'),
  'tab.click': ({ user }) => user.click(tab()),
  // A link of the page marked with the plugin's class: the click opens the panel, not the link.
  'trigger.click': async ({ user }) => {
    await user.click(trigger());
    expect(window.location.hash).toBe('');
  },
  'close.click': ({ user }) => user.click(within(dialog()!).getByRole('button', { name: content.closeLabel })),
  'overlay.click': ({ user }) => user.click(overlay()),
  'key.escape': async ({ user }) => {
    within(dialog()!).getByRole('button', { name: content.closeLabel }).focus();
    await user.keyboard('{Escape}');
  },
  // The form's own Close, after a message that failed.
  'form.close': async ({ user }) => {
    const panel = dialog()!;
    await waitFor(() => expect(panel.querySelector('.ncf-human-test input')).not.toBeNull());
    await fillValidMessage(user, panel);
    await user.click(sidebarSubmit(panel));
    const close = await within(panel).findByRole('button', { name: content.texts.close });
    await user.click(close);
  },
};

describeModel({
  machine: sidebarPanelMachine,
  input: { containerId: SIDEBAR_LAYER_ID, side: 'right', togglers: '' },
  serializeState: (snapshot: Snapshot) => JSON.stringify({ value: snapshot.value, reduced: snapshot.context.reducedMotion }),
  // Effects settle first, except that a panel sliding out can be opened again; the motion
  // setting changes (and back) while the panel has not been opened.
  filterEvents: (snapshot, event) => {
    if (isMotionStep(event.type)) {
      return snapshot.matches({ live: 'dormant' }) && (event.type === 'motion.reduce') !== snapshot.context.reducedMotion;
    }
    // Its actors are listeners that never finish.
    if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) return false;
    if (snapshot.matches({ live: 'hiding' }) && !event.type.startsWith('xstate.')) return ['tab.click', 'trigger.click', 'swipe.open'].includes(event.type);
    if (hasPendingDelay(snapshot)) return event.type.startsWith('xstate.after.');
    return true;
  },
  fakes: {
    hydrated: () => fakeCallbackActor(),
    reducedMotion: () => fakeCallbackActor(),
    edgeSwipe: () => fakeCallbackActor(),
  },
  render: (props) => (
    <>
      <main>
        <p>
          Is your question not here?{' '}
          <a className="ncf_trigger_element" href="#contact">
            Ask us in a message
          </a>
        </p>
      </main>
      <SidebarContactView content={content} tabLogic={tabLogic} formLogic={formLogic} humanTestLogic={instantHumanTest} {...props} />
    </>
  ),
  events,
  states: {
    static: () => {
      expect(layer()).toBeNull();
      expect(dialog()).toBeNull();
    },
    live: ({ fakes }) => {
      expect(layer()).not.toBeNull();
      expect((fakes.edgeSwipe as FakeCallbackActor).running?.input).toEqual({ side: 'right' });
    },
    'live.dormant': () => {
      expect(dialog()).not.toBeVisible();
      expect(overlay()).not.toBeVisible();
      expect(tab()).toHaveAttribute('aria-expanded', 'false');
      // Nothing asked for before the first opening: the form is not even mounted.
      expect(document.querySelector('.ncf_form')).toBeNull();
      expect(document.querySelectorAll('[inert]')).toHaveLength(0);
    },
    'live.shown': () => {
      const panel = screen.getByRole('dialog', { name: content.heading });
      expect(panel).toBe(dialog());
      expect(panel).toBeVisible();
      expect(panel).toHaveAttribute('aria-modal', 'true');
      expect(layer()).toHaveClass('is-open', 'ncf-fade--dark', 'ncf-theme--aerial');
      expect(overlay()).toBeVisible();
      // The page behind, the tab with it, is inert: Tab and screen readers stay in the panel.
      expect(main()).toHaveAttribute('inert');
      expect(tab().closest('[inert]')).not.toBeNull();
      expect(layer()!.closest('[inert]')).toBeNull();
      expect(tab()).toHaveAttribute('aria-expanded', 'true');
      // The form is in it, and the company's three networks, each by name.
      expect(panel.querySelector('form.ncf_form')).not.toBeNull();
      for (const network of ['Facebook', 'LinkedIn', 'Instagram']) expect(within(panel).getByRole('link', { name: new RegExp(network) })).toBeVisible();
    },
    'live.shown.opening': ({ snapshot }) => {
      // Sliding in: only with motion allowed (reduced motion goes straight to open).
      expect(snapshot.context.reducedMotion).toBe(false);
      expect(dialog()).toHaveAttribute('data-state', 'open');
    },
    'live.shown.open': async () => {
      // The focus moved into the dialog as it opened.
      await waitFor(() => expect(dialog()).toHaveFocus());
    },
    'live.hiding': () => {
      expect(dialog()).toBeVisible();
      expect(dialog()).toHaveAttribute('data-state', 'closing');
      expect(layer()).toHaveClass('is-hiding');
      expect(layer()).not.toHaveClass('is-open');
      // The page is live again, and the focus is back on what opened the panel.
      expect(document.querySelectorAll('[inert]')).toHaveLength(0);
      expect([tab(), trigger()]).toContain(document.activeElement);
    },
    'live.closed': () => {
      expect(dialog()).not.toBeVisible();
      expect(overlay()).not.toBeVisible();
      expect(document.querySelectorAll('[inert]')).toHaveLength(0);
      // Mounted since the first opening: what was typed is still there next time.
      expect(dialog()!.querySelector('form.ncf_form')).not.toBeNull();
    },
  },
});
