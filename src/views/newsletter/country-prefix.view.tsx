// The SMS field's country code: a button showing the picked dial code that opens a list of
// countries (WAI-ARIA APG listbox with type-ahead). The list arrives on first open; while it
// loads the popup says so, and when it fails it says why with a button to try again. The
// countryPrefix machine holds the behaviour; this view renders it and forwards the pick.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { InspectionEvent } from 'xstate';
import { countryPrefixMachine } from '../../machines/newsletter/country-prefix.machine.ts';
import { useEmittedFocus } from '../shared/use-emitted-focus.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';

export interface CountryPrefixPickerProps {
  /** Prefix of the element ids (unique on the page). */
  idBase: string;
  /** The form's default dial code. */
  dialCode: string;
  /** Names the button and the list ("Country code", from content). */
  label: string;
  /** The form cannot be used yet (before its script runs) or is sending. */
  disabled: boolean;
  /** Receives the picked dial code. */
  onPick: (dialCode: string) => void;
  logic?: typeof countryPrefixMachine;
  inspect?: (event: InspectionEvent) => void;
}

/** Keys the list handles itself; everything else (Tab…) keeps its usual meaning. */
const MOVES: Record<string, 'next' | 'previous' | 'first' | 'last'> = {
  ArrowDown: 'next',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
  PageDown: 'last',
  PageUp: 'first',
};

export function CountryPrefixPicker({ idBase, dialCode, label, disabled, onPick, logic = countryPrefixMachine, inspect }: CountryPrefixPickerProps) {
  const actorRef = useActorRef(logic, { input: { dialCode }, inspect: inspectWith(inspect) });
  const snapshot = useSelector(actorRef, (current) => current);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const { context } = snapshot;
  const send = actorRef.send;
  const open = snapshot.matches('open');
  const loading = snapshot.matches('loading');
  const failed = snapshot.matches('failed');
  const expanded = open || loading || failed;
  const listId = `${idBase}-list`;
  const optionId = (index: number) => `${idBase}-option-${String(index)}`;

  useEffect(() => {
    const subscription = actorRef.on('prefix.picked', (event) => onPick(event.dialCode));
    return () => subscription.unsubscribe();
  }, [actorRef, onPick]);

  // Escape, Enter or a pick give the focus back to the button (the machine says when).
  useEmittedFocus(actorRef, 'focus.button', buttonRef);

  // The list takes the focus when it opens; the active option stays in view as it moves.
  useEmittedFocus(actorRef, 'focus.list', listRef);
  useEffect(() => {
    if (open) document.getElementById(optionId(context.active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const picked = context.countries.find((country) => country.countryCode === context.countryCode);

  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const move = MOVES[event.key];
    const typing = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (move) send({ type: 'picker.move', to: move });
    else if (event.key === 'Enter' || (event.key === ' ' && context.query === '')) send({ type: 'picker.choose' });
    else if (event.key === 'Escape') send({ type: 'picker.close' });
    else if (typing) send({ type: 'picker.type', key: event.key });
    else return;
    event.preventDefault();
  };

  return (
    <div
      className="country-prefix"
      // Escape closes the popup while it loads or shows its error (the open list handles its own keys).
      onKeyDown={(event) => {
        if (event.key === 'Escape' && (loading || failed)) send({ type: 'picker.close' });
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        id={`${idBase}-button`}
        className="country-prefix__button"
        aria-haspopup="listbox"
        aria-expanded={expanded}
        // Only while the list exists (not while it loads): aria-controls must name an element.
        aria-controls={open ? listId : undefined}
        // The visible dial code is part of the name (WCAG 2.5.3).
        aria-label={`${label} ${context.dialCode}${picked ? ` (${picked.name})` : ''}, change`}
        disabled={disabled}
        onClick={() => send(expanded ? { type: 'picker.close' } : { type: 'picker.open' })}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          if (!expanded) send({ type: 'picker.open' });
        }}
      >
        {picked ? (
          <span className="country-prefix__flag" aria-hidden="true">
            {picked.flag}
          </span>
        ) : null}
        <span>{context.dialCode}</span>
        <span className="country-prefix__chevron" aria-hidden="true" />
      </button>
      {expanded ? (
        <div className="country-prefix__popup">
          {loading ? (
            <p className="country-prefix__status" role="status">
              Loading the list of countries…
            </p>
          ) : null}
          {failed ? (
            <div className="country-prefix__status">
              <p role="alert">
                The list of countries could not be loaded ({context.error}). Type the country code in the number instead, or try again.
              </p>
              <button type="button" className="button button--outline country-prefix__retry" onClick={() => send({ type: 'picker.retry' })}>
                Try again
              </button>
            </div>
          ) : null}
          {open ? (
            <ul
              ref={listRef}
              id={listId}
              role="listbox"
              // In the tab order while open (a scrollable region must be reachable by keyboard).
              tabIndex={0}
              aria-label={label}
              aria-activedescendant={context.active >= 0 ? optionId(context.active) : undefined}
              className="country-prefix__list"
              onKeyDown={onListKeyDown}
              onBlur={(event) => {
                if (!event.currentTarget.parentElement?.parentElement?.contains(event.relatedTarget)) send({ type: 'picker.dismiss' });
              }}
            >
              {context.countries.map((country, index) => (
                <li
                  key={`${country.countryCode}${country.dialCode}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={country.countryCode === context.countryCode}
                  className={`country-prefix__option${index === context.active ? ' is-active' : ''}`}
                  // Keeps the focus on the list, so choosing with the mouse is not a dismissal.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => send({ type: 'picker.choose', index })}
                >
                  <span className="country-prefix__flag" aria-hidden="true">
                    {country.flag}
                  </span>
                  <span className="country-prefix__name">{country.name}</span>
                  <span className="country-prefix__code">{country.dialCode}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
