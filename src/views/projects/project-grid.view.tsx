// The project grid and its filter: renders the projectFilter machine. The filters are toggle
// buttons (aria-pressed) that are also links to their own address (`/?category={id}#projects`,
// which the server answers with the grid filtered), so they work without JavaScript; with it,
// a click or Space shows the chosen cards and the shown count is announced politely. Cards of
// other categories are hidden; gsap Flip moves the rest into place (cardRearrange).
import { useActorRef, useSelector } from '@xstate/react';
import type { KeyboardEvent, MouseEvent } from 'react';
import type { InspectionEvent } from 'xstate';
import type { SiteContent } from '../../../content/content-documents.ts';
import { useSiteContent } from '../shared/site-content.tsx';
import { projectFilterMachine } from '../../machines/projects/project-filter.machine.ts';
import { REDUCED_MOTION_QUERY } from '../../services/shared/reduced-motion.actor.ts';
import { categoryHrefOf } from '../../services/projects/category-address.service.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';
import { usePageAddress } from '../shared/page-address.ts';
import { isPlainClick } from '../shared/plain-click.ts';
import { projectPathOf } from '../../services/projects/project-path.service.ts';
import { ResponsivePicture } from '../sections/parts/responsive-picture.view.tsx';

export const PROJECT_GRID_ID = 'project-grid';

type Projects = SiteContent['projects'];
type Project = Projects['items'][number];

export interface ProjectGridProps {
  /** A card's link was followed (the popup opens the project); without it the page opens. */
  onProjectLink?: (event: MouseEvent<HTMLAnchorElement>, project: Project) => void;
  /** The machine to run; tests pass `projectFilterMachine.provide({ actors })` with fakes. */
  logic?: typeof projectFilterMachine;
  inspect?: (event: InspectionEvent) => void;
}

/** The category `?category=` names, if content has it. */
export function categoryOfSearch(projects: Projects, search: string): string | null {
  const category = new URLSearchParams(search).get('category');
  return projects.categories.some((item) => item.id === category) ? category : null;
}

/** "Showing 2 of 6 projects". */
export function shownText(projects: Projects, shown: number): string {
  const total = String(projects.items.length);
  return shown === 1 ? projects.filter.one.replace('%total', total) : projects.filter.shown.replace('%shown', String(shown)).replace('%total', total);
}

export function ProjectGrid({ onProjectLink, logic = projectFilterMachine, inspect }: ProjectGridProps) {
  const { projects } = useSiteContent();
  const choices = [{ id: null, label: projects.filter.all }, ...projects.categories];
  const categoryLabel = new Map(projects.categories.map((category) => [category.id, category.label]));
  const { search } = usePageAddress();
  const actorRef = useActorRef(logic, { input: { category: categoryOfSearch(projects, search), gridId: PROJECT_GRID_ID }, inspect: inspectWith(inspect) });
  const chosen = useSelector(actorRef, (snapshot) => snapshot.context.category);
  const shown = projects.items.filter((project) => chosen === null || project.category === chosen);

  const choose = (category: string | null) =>
    actorRef.send({ type: 'category.choose', category, animate: !window.matchMedia(REDUCED_MOTION_QUERY).matches });
  const onClick = (event: MouseEvent<HTMLAnchorElement>, category: string | null) => {
    // A new tab or window (modifier keys, middle click) gets the link's own address.
    if (!isPlainClick(event)) return;
    event.preventDefault();
    choose(category);
  };
  // A button answers Space too (a link only Enter, which is a click).
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, category: string | null) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    choose(category);
  };

  return (
    <>
      <div className="project-filter" role="group" aria-label={projects.filter.label}>
        {choices.map((choice) => (
          <a
            key={choice.id ?? 'all'}
            className="project-filter__choice"
            href={categoryHrefOf(choice.id)}
            role="button"
            aria-pressed={chosen === choice.id}
            onClick={(event) => onClick(event, choice.id)}
            onKeyDown={(event) => onKeyDown(event, choice.id)}
          >
            {choice.label}
          </a>
        ))}
      </div>
      <p className="visually-hidden" role="status">
        {shownText(projects, shown.length)}
      </p>
      <ul id={PROJECT_GRID_ID} className="project-grid">
        {projects.items.map((project) => (
          <li key={project.id} id={`project-${project.id}`} className="project-card" data-category={project.category} hidden={!shown.includes(project)}>
            <ResponsivePicture
              className="project-card__media"
              image={project.image}
              sizes="(min-width: 75em) 368px, (min-width: 64em) 30vw, (min-width: 40em) 45vw, 100vw"
            />
            <div className="project-card__body">
              <p className="project-card__category">{categoryLabel.get(project.category)}</p>
              <h3>
                <a className="project-card__link" href={projectPathOf(project.id)} onClick={onProjectLink ? (event) => onProjectLink(event, project) : undefined}>
                  {project.name}
                </a>
              </h3>
              <dl className="project-card__facts">
                <div>
                  <dt>Client</dt>
                  <dd>{project.clientType}</dd>
                </div>
                <div>
                  <dt>City</dt>
                  <dd>{project.city}</dd>
                </div>
                <div>
                  <dt>Year</dt>
                  <dd>{project.year}</dd>
                </div>
              </dl>
              <p>{project.summary}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
