// What every field component gets: its definition, the machine's context and a way to send events.
import type { FormField } from '../../../content/forms/index.ts';
import type { ContactFormContext, ContactFormEvent } from '../../machines/contact-form.types.ts';

type FieldType = FormField['type'];

/** A definition narrowed to some types (the struct groups several types in one member). */
type Narrowed<TMember, TType> = TMember extends { type: infer TOwn }
  ? [Extract<TType, TOwn>] extends [never]
    ? never
    : Omit<TMember, 'type'> & { type: Extract<TType, TOwn> }
  : never;

export type FieldOfType<TType extends FieldType> = Narrowed<FormField, TType>;

export interface FieldViewProps<TType extends FieldType = FieldType> {
  field: FieldOfType<TType>;
  context: ContactFormContext;
  send: (event: ContactFormEvent) => void;
}
