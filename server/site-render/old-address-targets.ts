// `npm run build` checks every new place of the old addresses' table (content/documents/old-addresses.json)
// on the pages it has just prerendered: the page exists, and so does the element a `#id` names
// on it (README.md, "The old WordPress addresses").
import { contentFiles } from '../../content/content-files.ts';
import type { OldAddresses } from '../../content/structs/old-addresses.struct.ts';
import type { ContentProblem } from '../../content/validate-content.ts';

/**
 * One problem per row whose `to` is not there. `pages` maps each prerendered page's address
 * (`/`, `/?category=x`, `/projects/x/`) to its HTML.
 */
export function oldAddressTargetProblems(rows: OldAddresses, pages: ReadonlyMap<string, string>): ContentProblem[] {
  const { file } = contentFiles.oldAddresses;
  const problems: ContentProblem[] = [];
  rows.forEach((row, index) => {
    if (row.to === undefined) return;
    const hash = row.to.indexOf('#');
    const page = hash === -1 ? row.to : row.to.slice(0, hash);
    const id = hash === -1 ? undefined : row.to.slice(hash + 1);
    const html = pages.get(page);
    const path = `[${index}].to`;
    if (html === undefined) {
      problems.push({ file, path, message: `"${row.to}" (for ${row.from}) is not a page the build prerendered` });
    } else if (id !== undefined && !new RegExp(`\\sid="${id}"`).test(html)) {
      problems.push({ file, path, message: `"${row.to}" (for ${row.from}): the page ${page} has no element with id "${id}"` });
    }
  });
  return problems;
}
