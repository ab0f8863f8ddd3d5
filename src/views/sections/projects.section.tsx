// The project grid. Each card carries data-category so that the filter of a later issue can
// show one category at a time; without it every project is listed.
import { projects } from '../../../content/home/projects.ts';
import { projectPathOf } from '../project-path.ts';
import { ResponsivePicture } from './parts/responsive-picture.view.tsx';
import { SectionHeading } from './parts/section-heading.view.tsx';
import { SECTION, titleIdOf } from '../../../content/section-ids.ts';

export function ProjectsSection() {
  const categoryLabel = new Map(projects.categories.map((category) => [category.id, category.label]));
  return (
    <section id={SECTION.projects} className="section projects" aria-labelledby={titleIdOf(SECTION.projects)}>
      <div className="container">
        <SectionHeading id={titleIdOf(SECTION.projects)} eyebrow={projects.eyebrow} heading={projects.heading} intro={projects.intro} />
        <ul className="project-grid">
          {projects.items.map((project) => (
            <li key={project.id} id={`project-${project.id}`} className="project-card" data-category={project.category}>
              <ResponsivePicture
                className="project-card__media"
                image={project.image}
                sizes="(min-width: 75em) 368px, (min-width: 64em) 30vw, (min-width: 40em) 45vw, 100vw"
              />
              <div className="project-card__body">
                <p className="project-card__category">{categoryLabel.get(project.category)}</p>
                <h3>
                  <a className="project-card__link" href={projectPathOf(project.id)}>
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
      </div>
    </section>
  );
}
