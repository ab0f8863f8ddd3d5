// The projects section: the filterable grid (project-grid.view.tsx) inside the project popup
// (project-popup.view.tsx), whose cards' links open their project in it.
import { SECTION, titleIdOf } from '../../../content/section-ids.ts';
import { ProjectGrid } from '../projects/project-grid.view.tsx';
import { ProjectPopup } from '../projects/project-popup.view.tsx';
import { SectionHeading } from './parts/section-heading.view.tsx';
import { useSiteContent } from '../shared/site-content.tsx';

export function ProjectsSection() {
  const { projects } = useSiteContent();
  return (
    <section id={SECTION.projects} className="section projects" aria-labelledby={titleIdOf(SECTION.projects)}>
      <div className="container">
        <SectionHeading id={titleIdOf(SECTION.projects)} eyebrow={projects.eyebrow} heading={projects.heading} intro={projects.intro} />
        <ProjectPopup>{(openProject) => <ProjectGrid onProjectLink={openProject} />}</ProjectPopup>
      </div>
    </section>
  );
}
