// A project's page, /projects/{slug}/: the part the home page's popup also shows
// (.project-detail: category, name, summary, facts, the main picture, the story and the
// pictures), then the before/after comparison where content has one, and the way back to the
// grid. A slug content does not know renders the 404 page (the server serves it with status 404).
import { BeforeAfter } from '../media/before-after.view.tsx';
import { PROJECT_DETAIL_ID, PROJECT_STORY_ID, projectSlugOf } from '../../services/projects/project-path.service.ts';
import { ResponsivePicture } from '../sections/parts/responsive-picture.view.tsx';
import { NotFoundPage } from './not-found.page.tsx';
import { useSiteContent } from '../shared/site-content.tsx';

const PROJECT_TITLE_ID = 'project-title';

const wideHalf = '(min-width: 75em) 600px, (min-width: 64em) 50vw, 100vw';

export function ProjectPage({ path }: { path: string }) {
  const content = useSiteContent();
  const { projectPages } = content;
  const slug = projectSlugOf(path) ?? '';
  const page = projectPages.projects[slug];
  // The 404 page carries no projects (the server serves it at an unknown slug): read them only
  // for a page content has.
  if (!page) return <NotFoundPage />;
  const { projects } = content;
  const project = projects.items.find((item) => item.id === slug);
  if (!project) return <NotFoundPage />;
  const { words } = projectPages;
  const category = projects.categories.find((item) => item.id === project.category)?.label ?? project.category;
  return (
    <article className="project-page" aria-labelledby={PROJECT_TITLE_ID}>
      <div className="container">
        <p>
          <a className="project-page__back" href="/#projects">
            {words.back}
          </a>
        </p>
        <div id={PROJECT_DETAIL_ID} className="project-detail">
          <div className="project-detail__head">
            <div>
              <p className="project-card__category">{category}</p>
              <h1 id={PROJECT_TITLE_ID}>{project.name}</h1>
              <p className="project-detail__lead">{project.summary}</p>
              <dl className="project-detail__facts" aria-label={words.facts}>
                <div>
                  <dt>{words.client}</dt>
                  <dd>{project.clientType}</dd>
                </div>
                <div>
                  <dt>{words.city}</dt>
                  <dd>{project.city}</dd>
                </div>
                <div>
                  <dt>{words.year}</dt>
                  <dd>{project.year}</dd>
                </div>
                <div>
                  <dt>{words.category}</dt>
                  <dd>{category}</dd>
                </div>
              </dl>
            </div>
            <ResponsivePicture className="project-detail__media" image={project.image} sizes={wideHalf} priority />
          </div>
          <section id={PROJECT_STORY_ID} className="project-detail__story" aria-labelledby={`${PROJECT_STORY_ID}-title`}>
            <h2 id={`${PROJECT_STORY_ID}-title`}>{words.storyHeading}</h2>
            {page.story.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
          <section aria-labelledby="project-pictures-title">
            <h2 id="project-pictures-title" className="project-page__section-title">
              {words.galleryHeading}
            </h2>
            <ul className="project-detail__gallery">
              {page.gallery.map((image) => (
                <li key={image.key}>
                  <ResponsivePicture image={image} sizes="(min-width: 75em) 368px, (min-width: 40em) 45vw, 100vw" />
                </li>
              ))}
            </ul>
          </section>
        </div>
        {page.beforeAfter ? (
          <section className="project-page__comparison" aria-labelledby="project-comparison-title">
            <h2 id="project-comparison-title">{words.beforeAfterHeading}</h2>
            <BeforeAfter comparison={page.beforeAfter} words={words} sizes="(min-width: 60em) 896px, 100vw" />
          </section>
        ) : null}
        <p className="project-page__section-title">
          <a className="project-page__back" href="/#projects">
            {words.back}
          </a>
        </p>
      </div>
    </article>
  );
}
