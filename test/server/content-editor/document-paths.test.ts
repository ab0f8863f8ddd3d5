import { describe, expect, it } from 'vitest';
import { DOCUMENT_NAMES } from '../../../content/content-documents.ts';
import { repositoryContent } from '../../../content/repository-content.ts';
import { crossCheckDocuments } from '../../../content/validate-content.ts';
import { fileOfPath, pathsOf } from '../../../server/content-editor/document-paths.ts';

/* Where each document shows (the preview's pages), and the build's checks over the content as documents. */

describe('the pages a document is on', () => {
  const content = repositoryContent();

  it('starts with the page the preview shows by default', () => {
    expect(pathsOf('hero', content)).toEqual(['/']);
    expect(pathsOf('projectPages', content)[0]).toBe(`/projects/${content.projects.items[0]!.id}/`);
    expect(pathsOf('projectPages', content)).toHaveLength(content.projects.items.length);
    expect(pathsOf('pages', content)[0]).toBe('/thank-you/');
    expect(pathsOf('privacy', content)).toEqual(['/privacy/', '/accessibility/']);
    expect(pathsOf('footer', content)).toEqual(expect.arrayContaining(['/', '/thank-you/', '/privacy/', `/projects/${content.projects.items[0]!.id}/`]));
    for (const name of DOCUMENT_NAMES) expect(pathsOf(name, content).length, name).toBeGreaterThan(0);
  });

  it('names the rendered file of each page', () => {
    expect(fileOfPath('/')).toBe('index.html');
    expect(fileOfPath('/projects/stadium/')).toBe('projects/stadium/index.html');
    expect(fileOfPath('/404')).toBe('404.html');
  });
});

describe('the checks between documents', () => {
  it('find nothing wrong with the repository\'s content', () => {
    const pictures = new Set(Object.values(repositoryContent()).flatMap((document) => [...JSON.stringify(document).matchAll(/"key":"([^"]+)"/g)].map((match) => match[1]!)));
    expect(crossCheckDocuments(repositoryContent(), pictures)).toEqual([]);
  });

  it('name the document and the path within it, a home section being a document of its own', () => {
    const content = repositoryContent();
    content.services.items[1] = { ...content.services.items[1]!, id: content.services.items[0]!.id };
    expect(crossCheckDocuments(content, new Set(['x']))).toContainEqual({ document: 'services', path: 'items[1].id', message: expect.stringContaining('Give each item its own id') });
  });

  it('say each problem as a sentence for the owner, never the validator\'s "Expected … but received"', () => {
    const content = repositoryContent();
    content.services.items[1] = { ...content.services.items[1]!, id: content.services.items[0]!.id };
    content.projects.items[0] = { ...content.projects.items[0]!, category: 'no-such-category' };
    content.navigation.mainMenu[1] = { ...content.navigation.mainMenu[1]!, href: '/#no-such-section' };
    content.company.hours[0] = { ...content.company.hours[0]!, hours: 'whenever' };
    content.company.offices = content.company.offices.map((office) => ({ ...office, kind: 'branch' as const }));
    content.map.interactive.start = content.map.interactive.locations.length + 1;
    const problems = crossCheckDocuments(content, new Set(['x']));
    expect(problems.length).toBeGreaterThanOrEqual(7);
    for (const problem of problems) expect(problem.message, `${problem.document} ${problem.path}`).not.toMatch(/Expected|but received/);
    expect(problems).toContainEqual({ document: 'projects', path: 'items[0].category', message: expect.stringMatching(/^Choose one of the categories \(.*\): “no-such-category” is not one\.$/) });
    expect(problems).toContainEqual({ document: 'company', path: 'offices', message: 'Mark exactly one office as the head office (kind “head-office”).' });
  });
});
