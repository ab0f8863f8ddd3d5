// A test-only form using every field type and option the definitions support, to pin down
// the schema formSchema derives for each (the real contact form uses only some of them).
import { cf7DefaultMessages } from '../../../content/forms/default-messages.ts';
import type { FormDefinition } from '../../../content/structs/form.struct.ts';

export const everyFieldTypeForm: FormDefinition = {
  id: 99,
  slug: 'every-field-type',
  title: 'Every field type',
  locale: 'en_ZA',
  submitLabel: 'Send',
  recaptcha: false,
  messages: cf7DefaultMessages,
  mail: { subject: 'Booking from [full-name]', replyTo: 'email' },
  fields: [
    { type: 'text', name: 'full-name', label: 'Name', required: true, minLength: 2, maxLength: 40, messages: { invalid_required: 'Enter your name' } },
    { type: 'text', name: 'nickname', label: 'Nickname' },
    { type: 'email', name: 'email', label: 'Email', required: true },
    { type: 'tel', name: 'phone', label: 'Phone', maxLength: 25 },
    { type: 'url', name: 'website', label: 'Website' },
    { type: 'number', name: 'screens', label: 'Screens', required: true, min: 1, max: 50, step: 1 },
    { type: 'number', name: 'budget', label: 'Budget' },
    { type: 'date', name: 'install-date', label: 'Installation date', min: '2024-01-01', max: '2026-12-31' },
    { type: 'time', name: 'call-time', label: 'Best time to call', required: true },
    { type: 'textarea', name: 'notes', label: 'Notes', minLength: 10 },
    {
      type: 'select',
      name: 'service',
      label: 'Service',
      required: true,
      includeBlank: 'Choose a service',
      options: [
        { value: 'LED', label: 'LED walls' },
        { value: 'Signage', label: 'Digital signage' },
      ],
    },
    {
      type: 'select',
      name: 'regions',
      label: 'Regions',
      multiple: true,
      options: [
        { value: 'Gauteng', label: 'Gauteng' },
        { value: 'Western Cape', label: 'Western Cape' },
      ],
    },
    {
      type: 'checkbox',
      name: 'topics',
      label: 'Topics',
      required: true,
      minItems: 1,
      maxItems: 2,
      options: [
        { value: 'Design', label: 'Design' },
        { value: 'Install', label: 'Installation' },
        { value: 'Support', label: 'Support' },
      ],
    },
    {
      type: 'checkbox',
      name: 'contact-by',
      label: 'Contact me by',
      exclusive: true,
      options: [
        { value: 'Email', label: 'Email' },
        { value: 'Phone', label: 'Phone' },
      ],
    },
    {
      type: 'checkbox',
      name: 'heard-from',
      label: 'Where did you hear of us?',
      freeText: true,
      options: [
        { value: 'Search', label: 'Search engine' },
        { value: 'Other', label: 'Other' },
      ],
    },
    {
      type: 'radio',
      name: 'urgency',
      label: 'Urgency',
      options: [
        { value: 'Now', label: 'This month' },
        { value: 'Later', label: 'Later' },
      ],
      messages: { invalid_required: 'Choose how urgent this is' },
    },
    { type: 'acceptance', name: 'consent', label: 'Consent', text: 'I agree to be contacted.' },
    { type: 'acceptance', name: 'no-marketing', label: 'No marketing', text: 'Do not send me news.', invert: true, optional: true },
    { type: 'quiz', name: 'quiz', label: 'Quiz', questions: [{ question: 'What is 2 + 3?', answers: ['5', 'five'] }] },
    { type: 'captcha', name: 'captcha', label: 'Type the characters', length: 4 },
    {
      type: 'file',
      name: 'drawing',
      label: 'Drawing',
      required: true,
      accept: ['.pdf', 'image/*'],
      minSize: 100,
      maxSize: 1024 * 1024,
      messages: { upload_file_too_large: 'The drawing must be smaller than 1 MB' },
    },
  ],
};
