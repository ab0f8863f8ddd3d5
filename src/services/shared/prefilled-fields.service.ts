// What a visitor typed, chose or ticked in a prerendered form before its code arrived (README.md,
// "Forms before their code"). On a slow link the page's HTML is there long before a form's chunk:
// the visitor types into plain HTML controls. When the form's machine is created (at hydration)
// it starts from these values, so the controls it then owns show exactly what is already in them,
// and React, which keeps a control's value while hydrating, never writes an older one over it.

/** One control's name and value, as the browser would post it (a chosen file as a File). */
export type PrefilledEntry = readonly [name: string, value: string | File];
export type PrefilledFields = readonly PrefilledEntry[];

/**
 * The entries of the form at `id` (the form, or the first form inside that element) in the
 * page now, as `FormData` reads them: unticked boxes, unchosen options and empty file inputs
 * post nothing. Undefined when there is no page (the prerender) or no such form (a client
 * render): the machine then starts from its definition's empty values.
 */
export function prefilledFieldsOf(id: string): PrefilledFields | undefined {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(id);
  const form = element instanceof HTMLFormElement ? element : element?.querySelector('form');
  if (!form) return undefined;
  const entries: PrefilledEntry[] = [];
  for (const [name, value] of new FormData(form)) {
    // A file input with no file posts an empty, nameless File: nothing was chosen.
    if (typeof value !== 'string' && value.name === '' && value.size === 0) continue;
    entries.push([name, value]);
  }
  return entries;
}
