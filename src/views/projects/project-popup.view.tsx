// The project popup: renders the projectPopup machine. Its children are the grid, given the
// handler for the cards' links (a plain click opens the popup; a click meant for a new tab or
// window follows the link). The <dialog> is modal (the page behind is inert, Escape closes
// it); its content is the project page's part, loaded when opened. Closed, the focus goes back
// to the card's link.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import type { InspectionEvent } from 'xstate';
import type { SiteContent } from '../../../content/content-documents.ts';
import { useSiteContent } from '../shared/site-content.tsx';
import { projectPopupMachine } from '../../machines/projects/project-popup.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { projectPathOf } from '../../services/projects/project-path.service.ts';
import { isPlainClick } from '../shared/plain-click.ts';

export const PROJECT_POPUP_ID = 'project-popup';

type Project = SiteContent['projects']['items'][number];

export type OpenProject = (event: MouseEvent<HTMLAnchorElement>, project: Project) => void;

export interface ProjectPopupProps {
  children: (openProject: OpenProject) => ReactNode;
  /** The machine to run; tests pass `projectPopupMachine.provide({ actors })` with fakes. */
  logic?: typeof projectPopupMachine;
  inspect?: (event: InspectionEvent) => void;
}

/** The card link of a project, which the focus returns to. */
export const cardLinkOf = (slug: string) => document.querySelector<HTMLAnchorElement>(`#project-${CSS.escape(slug)} .project-card__link`);

export function ProjectPopup({ children, logic = projectPopupMachine, inspect }: ProjectPopupProps) {
  const { projects } = useSiteContent();
  const actorRef = useActorRef(logic, { input: { dialogId: PROJECT_POPUP_ID }, inspect: inspectWith(inspect) });
  const slug = useSelector(actorRef, (snapshot) => snapshot.context.slug);
  const detail = useSelector(actorRef, (snapshot) => snapshot.context.detail);
  const loading = useSelector(actorRef, (snapshot) => snapshot.hasTag('loading'));
  const loaded = useSelector(actorRef, (snapshot) => snapshot.hasTag('loaded'));
  const failed = useSelector(actorRef, (snapshot) => snapshot.hasTag('failed'));
  const project = projects.items.find((item) => item.id === slug);
  const { popup } = projects;

  useEffect(() => {
    const closing = actorRef.on('popup.closed', (event) => cardLinkOf(event.slug)?.focus());
    return () => closing.unsubscribe();
  }, [actorRef]);

  const openProject: OpenProject = (event, chosen) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    actorRef.send({ type: 'project.open', slug: chosen.id });
  };

  const pageLink = slug === null ? null : (
    <p className="project-popup__page">
      <a href={projectPathOf(slug)}>{popup.openPage}</a>
    </p>
  );

  return (
    <>
      {children(openProject)}
      <dialog id={PROJECT_POPUP_ID} className="project-popup" aria-label={project?.name ?? projects.heading} aria-busy={loading}>
        <form method="dialog" className="project-popup__bar">
          <button type="submit" className="button project-popup__close">
            {popup.close}
          </button>
        </form>
        {loading ? (
          <p className="project-popup__loading" role="status">
            <span className="project-popup__spinner" aria-hidden="true" />
            {popup.loading}
          </p>
        ) : null}
        {failed ? (
          <div className="project-popup__error" role="alert">
            <p>{popup.error}</p>
            {pageLink}
          </div>
        ) : null}
        {loaded && detail !== null ? (
          <>
            {/* Our own prerendered page's markup (project-detail.client.ts), not visitor input. */}
            <div className="project-popup__content project-detail" dangerouslySetInnerHTML={{ __html: detail }} />
            {pageLink}
          </>
        ) : null}
      </dialog>
    </>
  );
}
