// The checks of a form's after-sent actions that their struct cannot make: pages exist, outside
// hosts are on the form's allow-list, and every field an action names is a field of the form
// (a [tag] of an API template included).
import type { FormAction } from '../structs/form-actions.struct.ts';
import type { FormDefinition } from '../structs/form.struct.ts';

export interface ActionProblem {
  path: string;
  message: string;
}

/** The fields an action reads, with where each is named. */
function namedFields(action: FormAction): Array<[string, string]> {
  const named: Array<[string, string]> = [];
  if (action.when) named.push(['when.field', action.when.field]);
  switch (action.type) {
    case 'redirect':
      action.query?.forEach((entry, index) => named.push([`query[${index}].field`, entry.field]));
      action.post?.forEach((field, index) => named.push([`post[${index}]`, field]));
      break;
    case 'redirect_to_paypal':
      if (action.itemNameField) named.push(['itemNameField', action.itemNameField]);
      if (action.amountField) named.push(['amountField', action.amountField]);
      break;
    case 'api_url_request':
      action.fields.forEach((entry, index) => named.push([`fields[${index}].field`, entry.field]));
      break;
    case 'api_json_xml_request':
      for (const [, tag] of action.template.matchAll(/\[([^\]]*)\]/g)) named.push(['template', tag ?? '']);
      break;
    default:
      break;
  }
  return named;
}

function urlOf(action: FormAction): string | null {
  return action.type === 'redirect' || action.type === 'api_url_request' || action.type === 'api_json_xml_request' ? action.url : null;
}

export function checkFormActions(form: FormDefinition, fieldNames: readonly string[], sitePaths: readonly string[]): ActionProblem[] {
  const problems: ActionProblem[] = [];
  const allowed = form.allowedHosts ?? [];
  (form.actions ?? []).forEach((action, index) => {
    const at = (path: string) => `actions[${index}].${path}`;
    const url = urlOf(action);
    if (url !== null && url.startsWith('/')) {
      const [path = ''] = url.split('#');
      if (!sitePaths.includes(path)) problems.push({ path: at('url'), message: `Use a page of the site (${sitePaths.join(', ')}): “${url}” is not one.` });
      if (action.type !== 'redirect') problems.push({ path: at('url'), message: `Use the https address of an outside service: “${url}” is the site’s own page.` });
    } else if (url !== null && !allowed.includes(new URL(url).hostname)) {
      problems.push({ path: at('url'), message: `Use a host the form allows (allowedHosts: ${allowed.join(', ') || 'none'}): “${new URL(url).hostname}” is not one.` });
    }
    if (action.type === 'redirect_to_paypal' && (action.amount === undefined) === (action.amountField === undefined)) {
      problems.push({ path: at('amount'), message: 'Give either a fixed amount (amount) or the field it comes from (amountField), one of the two.' });
    }
    if (action.type === 'redirect' && action.post !== undefined && action.open === 'new_tab') {
      problems.push({ path: at('open'), message: 'Open it with “redirect”: a hidden-form POST goes on in the same tab.' });
    }
    for (const [path, field] of namedFields(action)) {
      if (!fieldNames.includes(field)) problems.push({ path: at(path), message: `Use a field of the form (${fieldNames.join(', ')}): “${field}” is not one.` });
    }
  });
  return problems;
}
