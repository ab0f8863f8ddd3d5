// Interface placeholder, replaced by the backToTop machine's view (issue 2, in progress).
export function BackToTop() {
  return null;
}
