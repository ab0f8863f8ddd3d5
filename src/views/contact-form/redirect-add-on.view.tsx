// What the redirect add-on shows and does on the page, as the redirectAddOn machine says: the
// popup (an accessible modal dialog: it takes the focus, closes by its button or Escape, fades,
// and leaves the page 4 s later), the link to follow when a new tab was blocked, and the hidden
// form a POST redirect submits, built from the answer's fields (never from its markup).
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { redirectAddOnTexts } from '../../../content/forms/index.ts';
import { POPUP_ELEMENT_ID } from '../../machines/contact-form/redirect-add-on.constants.ts';
import type { redirectAddOnMachine } from '../../machines/contact-form/redirect-add-on.machine.ts';
import { useEmittedFocus } from '../shared/use-emitted-focus.ts';
import { useFocusReturn } from '../shared/use-focus-return.ts';

const POPUP_ID = POPUP_ELEMENT_ID;
const POPUP_FOCUS_EVENTS = { open: 'focus.popup', close: 'focus.return' };

export interface RedirectAddOnViewProps {
  actorRef: ActorRefFrom<typeof redirectAddOnMachine>;
}

export function RedirectAddOnView({ actorRef }: RedirectAddOnViewProps) {
  const snapshot = useSelector(actorRef, (current) => current);
  const dialogRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { plan, step } = snapshot.context;

  useEffect(() => {
    const posting = actorRef.on('form.post', () => formRef.current?.submit());
    return () => posting.unsubscribe();
  }, [actorRef]);
  useFocusReturn(actorRef, POPUP_FOCUS_EVENTS, dialogRef);
  useEmittedFocus(actorRef, 'focus.popup', dialogRef);

  const popup = snapshot.matches({ popups: 'shown' }) ? plan.popups[step] : undefined;
  const open = snapshot.hasTag('popup');
  const fading = snapshot.hasTag('fading');
  // The current redirect: its hidden form is on the page while it waits, so posting finds it.
  const redirect = snapshot.matches('redirects') || snapshot.hasTag('posting') ? plan.redirects[step] : undefined;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') actorRef.send({ type: 'popup.close' });
  };

  return (
    <>
      {popup ? (
        <div id={POPUP_ID} className={`wpcf7r-modal ${popup['template-name']}${open ? ' is-open' : ''}${fading ? ' fade' : ''}`} hidden={!open && !fading}>
          <div className="wpcf7r-modal__backdrop" aria-hidden="true" />
          <div ref={dialogRef} className="wpcf7r-modal__dialog" role="dialog" aria-modal="true" aria-labelledby={`${POPUP_ID}-title`} aria-describedby={`${POPUP_ID}-text`} tabIndex={-1} onKeyDown={onKeyDown}>
            <h2 id={`${POPUP_ID}-title`} className="wpcf7r-modal__title">
              {popup.title}
            </h2>
            <p id={`${POPUP_ID}-text`}>{popup.text}</p>
            {popup.link ? (
              <p>
                <a className="no-ttc" href={popup.link.href}>{popup.link.label}</a>
              </p>
            ) : null}
            <button type="button" className="close-button button button--primary" onClick={() => actorRef.send({ type: 'popup.close' })}>
              {popup.close_label}
            </button>
          </div>
        </div>
      ) : null}
      {redirect && snapshot.hasTag('blocked') ? (
        <div className="wpcf7r-blocked" role="alert">
          <p>
            {redirectAddOnTexts.tabBlocked}{' '}
            <a href={redirect.redirect_url} target="_blank" rel="noopener" onClick={() => actorRef.send({ type: 'blocked.dismiss' })}>
              {redirectAddOnTexts.openLink}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
          <button type="button" className="button" onClick={() => actorRef.send({ type: 'blocked.dismiss' })}>
            {redirectAddOnTexts.dismiss}
          </button>
        </div>
      ) : null}
      {redirect?.post_fields ? (
        <form ref={formRef} id="cf7r-result-form" method="post" action={redirect.redirect_url} hidden>
          {redirect.post_fields.map(([name = '', value = ''], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
        </form>
      ) : null}
    </>
  );
}
