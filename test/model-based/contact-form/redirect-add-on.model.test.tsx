// redirectAddOn, walked through the real <RedirectAddOnView> along every edge of the production
// machine's graph, for four answers: a tracking handler, a popup and a redirect after 2 s (the
// site's own form); a new tab (opened, blocked, failed); a hidden-form POST; PayPal. The body
// classes and the inert page are real; the handler, the tab and leaving the page are fakes.
import { screen, waitFor, within } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { redirectAddOnTexts } from '../../support/site-content.ts';
import { POPUP_ELEMENT_ID } from '../../../src/machines/contact-form/redirect-add-on.constants.ts';
import { redirectAddOnMachine } from '../../../src/machines/contact-form/redirect-add-on.machine.ts';
import type { AddOnPlan } from '../../../src/services/contact-form/redirect-add-on.answer.ts';
import { RedirectAddOnView } from '../../../src/views/contact-form/redirect-add-on.view.tsx';
import { describeModel, fakeCallbackActor, fakePromiseActor, type FakeCallbackActor, type FakePromiseActor } from '../harness/index.ts';

const submitted: Array<{ action: string; fields: Array<[string, string]> }> = [];
beforeEach(() => {
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push({ action: this.action, fields: [...new FormData(this).entries()].map(([name, value]) => [name, String(value)]) });
  });
});
afterEach(() => {
  submitted.length = 0;
});

const POPUP = { 'template-name': 'thank-you-popup', title: 'Message received', text: 'Thank you.', close_label: 'Close' };
const none: AddOnPlan = { scripts: [], popups: [], paypal: [], redirects: [] };

function Host({ logic, inspect, plan }: { logic: typeof redirectAddOnMachine; inspect: (event: InspectionEvent) => void; plan: AddOnPlan }) {
  const actorRef = useActorRef(logic, { input: { plan }, inspect });
  return (
    <>
      <main>
        <button type="button">Send message</button>
      </main>
      <RedirectAddOnView actorRef={actorRef} />
    </>
  );
}

const popupLayer = () => document.getElementById(POPUP_ELEMENT_ID);
const dialog = () => screen.getByRole('dialog', { name: POPUP.title });
let closes = 0;

const variants: Array<[string, AddOnPlan]> = [
  ['a handler, a popup, a redirect after 2 s', { ...none, scripts: [{ handler: 'gtag-conversion', delay_redirect: 500 }], popups: [POPUP], redirects: [{ type: 'redirect', redirect_url: 'https://www.example.co.za/thank-you/', delay: 2 }] }],
  ['a new tab', { ...none, redirects: [{ type: 'new_tab', redirect_url: 'https://crm.example.com/welcome', delay: 1 }] }],
  ['a hidden-form POST', { ...none, redirects: [{ type: 'redirect', redirect_url: 'https://crm.example.com/lead?src=site', delay: 1, post_fields: [['your-name', '"><script>x</script>'], ['your-email', 'a@b.co.za']] }] }],
  ['PayPal', { ...none, paypal: [{ redirect_url: 'https://www.paypal.com/cgi-bin/webscr?cmd=_xclick&amount=100.00', delay: 300 }] }],
];

for (const [variant, plan] of variants) {
  describeModel({
    machine: redirectAddOnMachine,
    variant,
    input: { plan },
    eventSamples: [
      { type: 'xstate.done.actor.fireScript', output: true },
      { type: 'xstate.done.actor.openTab', output: true },
      { type: 'xstate.done.actor.openTab', output: false },
      { type: 'xstate.error.actor.openTab', error: new Error('window.open threw') },
    ],
    fakes: { fireScript: () => fakePromiseActor(), openTab: () => fakePromiseActor(), navigate: () => fakeCallbackActor() },
    render: (props) => <Host plan={plan} {...props} />,
    events: {
      'popup.close': async ({ user }) => {
        closes += 1;
        if (closes % 2 === 1) await user.click(within(dialog()).getByRole('button', { name: POPUP.close_label }));
        else await user.keyboard('{Escape}');
        // The focus goes back to where it was.
        expect(document.activeElement === document.body || document.activeElement?.tagName === 'BUTTON').toBe(true);
      },
      'blocked.dismiss': ({ user }) => user.click(screen.getByRole('button', { name: redirectAddOnTexts.dismiss })),
    },
    states: {
      scripts: () => expect(popupLayer()).toBeNull(),
      'scripts.waiting': ({ fakes }) => expect((fakes.fireScript as FakePromiseActor).pending).toBeUndefined(),
      'scripts.running': ({ fakes }) => expect((fakes.fireScript as FakePromiseActor<boolean, { handler: string }>).pending?.input).toEqual({ handler: 'gtag-conversion' }),
      'popups.shown': () => {
        expect(document.body).toHaveClass('thank-you-popup');
        expect(popupLayer()).toHaveClass('wpcf7r-modal', 'thank-you-popup');
      },
      'popups.shown.arriving': () => {
        // Not yet: it opens 1 s after the answer.
        expect(popupLayer()).not.toBeVisible();
        expect(document.body).not.toHaveClass('modal-popup-open');
      },
      'popups.shown.open': async () => {
        expect(popupLayer()).toHaveClass('is-open');
        expect(document.body).toHaveClass('modal-popup-open');
        expect(dialog()).toHaveAttribute('aria-modal', 'true');
        expect(dialog()).toHaveAccessibleDescription(POPUP.text);
        await waitFor(() => expect(dialog()).toHaveFocus());
        // A modal dialog: the rest of the page is inert.
        expect(document.querySelector('main')).toHaveAttribute('inert');
      },
      'popups.shown.fading': () => {
        expect(popupLayer()).toHaveClass('fade');
        expect(popupLayer()).not.toHaveClass('is-open');
        expect(document.body).not.toHaveClass('modal-popup-open');
        expect(document.querySelectorAll('[inert]')).toHaveLength(0);
      },
      'paypal.waiting': ({ fakes }) => expect((fakes.navigate as FakeCallbackActor).running).toBeUndefined(),
      'redirects.waiting': ({ fakes }) => {
        expect(popupLayer()).toBeNull();
        expect(document.body).not.toHaveClass('thank-you-popup');
        expect((fakes.navigate as FakeCallbackActor).running).toBeUndefined();
      },
      'redirects.openingTab': ({ fakes }) => expect((fakes.openTab as FakePromiseActor<boolean, { url: string }>).pending?.input).toEqual({ url: 'https://crm.example.com/welcome' }),
      'redirects.blocked': () => {
        const notice = screen.getByRole('alert');
        expect(notice).toHaveTextContent(redirectAddOnTexts.tabBlocked);
        const link = within(notice).getByRole('link', { name: /Open it/ });
        expect(link).toHaveAttribute('href', 'https://crm.example.com/welcome');
        expect(link).toHaveAttribute('rel', 'noopener');
      },
      'leaving.redirecting': ({ fakes }) => expect((fakes.navigate as FakeCallbackActor<{ url: string }>).running?.input).toEqual({ url: 'https://www.example.co.za/thank-you/' }),
      'leaving.toPaypal': ({ fakes }) =>
        expect((fakes.navigate as FakeCallbackActor<{ url: string }>).running?.input).toEqual({ url: 'https://www.paypal.com/cgi-bin/webscr?cmd=_xclick&amount=100.00' }),
      'leaving.posting': () => {
        // The hidden form, built from the answer's fields (React escapes them), posted in this tab.
        expect(submitted).toEqual([{ action: 'https://crm.example.com/lead?src=site', fields: [['your-name', '"><script>x</script>'], ['your-email', 'a@b.co.za']] }]);
        expect(document.querySelector('script')).toBeNull();
      },
      done: () => {
        expect(screen.queryByRole('alert')).toBeNull();
        expect(popupLayer()).toBeNull();
      },
    },
  });
}
