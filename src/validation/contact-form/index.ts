// Contact Form 7's wire protocol, shared by the browser and the server: names, paths, statuses,
// acceptance and the answers' shapes.
export * from './contact-form-names.ts';
export * from './contact-form-statuses.ts';
export * from './contact-form-acceptance.ts';
export * from './contact-form-answer.ts';
