// The contactForm machine's status tags: a state that shows a status carries `status:<class>`
// (selectors read the form's class from them). The statuses and their classes are listed once,
// in validation/contact-form/contact-form-statuses.ts.
import { ANSWER_STATUS, type AnswerState } from '../../validation/contact-form/index.ts';

/** The tag of a status class (or of `custom`, a plugin's own status). */
export const statusTag = (className: string): string => `status:${className}`;

/** The tag of the `editable` state that shows an answer. */
export const answerTag = (state: AnswerState): string => statusTag(ANSWER_STATUS[state].className);
