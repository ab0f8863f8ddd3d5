import type { FormDefinition, FormField, MessageKey } from '../../content/forms/index.ts';

/** A field's own wording when it has one ("Enter your full name"), else the form's. */
export function messageFor(form: FormDefinition, field: FormField | undefined, key: MessageKey): string {
  return field?.messages?.[key] ?? form.messages[key];
}
