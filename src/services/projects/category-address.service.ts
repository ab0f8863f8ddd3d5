// The project grid's choice in the address bar: `/?category={id}#projects`, or `/#projects` for
// all projects (the filter links' own addresses, which the server answers with the grid already
// filtered). The current entry is replaced: choosing a filter is not a step Back should undo.

/** The address that shows the grid with `category` chosen (null: all). */
export const categoryHrefOf = (category: string | null) => (category === null ? '/#projects' : `/?category=${encodeURIComponent(category)}#projects`);

export function showCategoryInAddress(category: string | null, target: Pick<Window, 'history'> = window): void {
  target.history.replaceState(target.history.state, '', categoryHrefOf(category));
}
