// The slide-in contact panel on every page ("Ninja Kick: Contact Form"): its tab, the dimmed
// page behind it and the dialog with the heading, the form and the company's social links,
// driven by the sidebarPanel machine. Nothing of it is in the prerendered HTML: it appears when
// the page's script has taken over (without scripts the page's own contact form serves), and
// its code is a chunk of its own, loaded after the first paint.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useRef, type KeyboardEvent } from 'react';
import type { InspectionEvent } from 'xstate';
import type { SidebarContact } from '../../../content/structs/sidebar-contact.struct.ts';
import { useSiteContent } from '../shared/site-content.tsx';
import type { humanTestMachine } from '../../machines/sidebar-form/human-test.machine.ts';
import type { sidebarFormMachine } from '../../machines/sidebar-form/sidebar-form.machine.ts';
import { sidebarPanelMachine } from '../../machines/sidebar-form/sidebar-panel.machine.ts';
import type { sidebarTabMachine } from '../../machines/sidebar-form/sidebar-tab.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { SocialLinks } from '../sections/parts/social-links.view.tsx';
import { SidebarFormView } from './sidebar-form.view.tsx';
import { SidebarTabView } from './sidebar-tab.view.tsx';
import { useEmittedFocus } from '../shared/use-emitted-focus.ts';
import { useFocusReturn } from '../shared/use-focus-return.ts';
import { LinkedText } from '../shared/linked-text.view.tsx';

/** The part of the page that stays usable while the panel is open: the dialog and its overlay. */
export const SIDEBAR_LAYER_ID = 'ncf-sidebar-layer';
export const SIDEBAR_DIALOG_ID = 'ncf_sidebar';
const HEADING_ID = 'ncf-sidebar-heading';
const PANEL_FOCUS_EVENTS = { open: 'focus.panel', close: 'focus.opener' };

export interface SidebarContactViewProps {
  content?: SidebarContact;
  logic?: typeof sidebarPanelMachine;
  tabLogic?: typeof sidebarTabMachine;
  formLogic?: typeof sidebarFormMachine;
  humanTestLogic?: typeof humanTestMachine;
  inspect?: (event: InspectionEvent) => void;
}

export default function SidebarContactView({ content: givenContent, logic = sidebarPanelMachine, tabLogic, formLogic, humanTestLogic, inspect }: SidebarContactViewProps) {
  const { company, sidebarContact } = useSiteContent();
  const content = givenContent ?? sidebarContact;
  const { options } = content;
  const actorRef = useActorRef(logic, {
    input: { containerId: SIDEBAR_LAYER_ID, side: options.sidebar_pos, togglers: options.togglers },
    inspect: inspectWith(inspect),
  });
  const live = useSelector(actorRef, (snapshot) => !snapshot.matches('static'));
  const open = useSelector(actorRef, (snapshot) => snapshot.hasTag('open'));
  const mounted = useSelector(actorRef, (snapshot) => snapshot.hasTag('mounted'));
  const hiding = useSelector(actorRef, (snapshot) => snapshot.matches({ live: 'hiding' }));
  const dialogRef = useRef<HTMLDivElement>(null);
  const tabRef = useRef<HTMLButtonElement>(null);
  const form = content.forms.find((candidate) => candidate.index === content.defaultForm) ?? content.forms[0];

  // What had the focus when the panel opened (the tab, a trigger link) gets it back on close;
  // after a swipe (nothing had it) the tab does.
  useFocusReturn(actorRef, PANEL_FOCUS_EVENTS, dialogRef, tabRef);
  useEmittedFocus(actorRef, 'focus.panel', dialogRef);

  const closeFromForm = useCallback(() => actorRef.send({ type: 'form.close' }), [actorRef]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') actorRef.send({ type: 'key.escape' });
  };

  const layerClasses = ['ncf-layer', `ncf-layer--${options.sidebar_pos}`, `ncf-theme--${options.theme}`, `ncf-fade--${options.fade_content}`, open ? 'is-open' : '', hiding ? 'is-hiding' : ''];
  return (
    <>
      <SidebarTabView
        options={options}
        labelText={content.labelText}
        controls={SIDEBAR_DIALOG_ID}
        expanded={open}
        onOpen={() => actorRef.send({ type: 'tab.click' })}
        tabRef={tabRef}
        {...(tabLogic ? { logic: tabLogic } : {})}
        inspect={inspect}
      />
      {live ? (
        <div id={SIDEBAR_LAYER_ID} className={layerClasses.filter(Boolean).join(' ')} data-type={options.sidebar_type} data-scroll={options.scroll} onKeyDown={onKeyDown}>
          <div className="ncf-overlay" hidden={!open && !hiding} aria-hidden="true" onClick={() => actorRef.send({ type: 'overlay.click' })} />
          <div
            ref={dialogRef}
            id={SIDEBAR_DIALOG_ID}
            className={`ncf_sidebar ncf_${options.theme}`}
            role="dialog"
            aria-modal="true"
            aria-labelledby={HEADING_ID}
            tabIndex={-1}
            hidden={!open && !hiding}
            data-state={open ? 'open' : hiding ? 'closing' : 'closed'}
          >
            <div className="ncf_sidebar_header">
              <button type="button" className="ncf_close" aria-label={content.closeLabel} onClick={() => actorRef.send({ type: 'close.click' })}>
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                  <path d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6l5.6-5.6L5 6.4z" fill="currentColor" />
                </svg>
              </button>
              <h2 id={HEADING_ID} className="ncf_sidebar_heading">
                {content.heading}
              </h2>
              <p className="ncf_user_bio">{content.intro}</p>
              <p className="ncf_privacy_note">
                <LinkedText text={content.privacyNote} />
              </p>
            </div>
            <div className="ncf_sidebar_content">
              {mounted && form ? <SidebarFormView content={content} form={form} headingId={HEADING_ID} onClose={closeFromForm} {...(formLogic ? { logic: formLogic } : {})} {...(humanTestLogic ? { humanTestLogic } : {})} inspect={inspect} humanTestInspect={inspect} /> : null}
              <div className="ncf_sidebar_socialbar">
                <h3 className="ncf_sidebar_socialbar__heading">{content.socialHeading}</h3>
                <SocialLinks social={company.social} />
              </div>
            </div>
          </div>
        </div>
      ) : null}
    </>
  );
}
