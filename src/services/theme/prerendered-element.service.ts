// The element a view's prerendered HTML put in the page, by id: what a view that hydrates late
// (views/theme/deferred-section.view.tsx) watches, and whether there is any to keep. Null on the
// server and wherever the browser renders the part itself.
export function prerenderedElement(id: string): Element | null {
  return typeof document === 'undefined' ? null : document.getElementById(id);
}
