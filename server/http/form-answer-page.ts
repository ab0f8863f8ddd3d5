import { escapeHtml } from '../../src/validation/shared/escape-html.ts';
import { sitePage, type SiteHead } from './site-page.ts';

/*
 * The page a form route answers a browser's own POST with when the message was not taken
 * (README.md, "The contact form": a form sent before its code arrived): what happened in plain
 * words, each field that needs attention with its label and message, everything the visitor
 * sent (so nothing typed is lost: they can copy it from here) and the way back to the form.
 * One page for every form (the contact form, the sidebar, the newsletter), in the server's
 * page shell (site-page.ts); every text is escaped here.
 */

export interface FormAnswerPage {
  /** The title and the h1 (plain text). */
  heading: string;
  /** What happened, a paragraph each (plain text). */
  paragraphs: readonly string[];
  /** Another way to reach the company (an e-mail link), each a paragraph after them: the link, then `detail` in brackets. */
  links?: ReadonlyArray<{ href: string; label: string; detail?: string }>;
  /** Each field that needs attention. */
  problems: ReadonlyArray<{ label: string; message: string }>;
  /** What the visitor sent, field by field, in the form's order. */
  sent: ReadonlyArray<{ label: string; value: string }>;
  back: { href: string; label: string };
  head: SiteHead;
}

/** Words longer than this get a break opportunity (<wbr>) so a long address or code fits a 375 px screen. */
const LONGEST_UNBROKEN = 30;

/** A visitor's value as HTML: escaped, its lines kept, long words breakable; an empty one said so. */
function valueHtml(value: string): string {
  if (value.trim() === '') return '<em>(left empty)</em>';
  return value
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) =>
      line
        .split(/(\s+)/)
        .map((word) => (word.length <= LONGEST_UNBROKEN ? escapeHtml(word) : (word.match(new RegExp(`.{1,${LONGEST_UNBROKEN}}`, 'gsu')) ?? []).map(escapeHtml).join('<wbr>')))
        .join(''),
    )
    .join('<br>\n');
}

export function formAnswerPage(page: FormAnswerPage): string {
  const paragraphs = page.paragraphs.map((text) => `<p class="message-page__text">${escapeHtml(text)}</p>`).join('\n');
  const links = (page.links ?? [])
    .map((link) => `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>${link.detail === undefined ? '' : ` (${escapeHtml(link.detail)})`}</p>`)
    .join('\n');
  const problems =
    page.problems.length === 0
      ? ''
      : `<h2>What needs attention</h2>
<ul class="message-page__links">
${page.problems.map((problem) => `<li><strong>${escapeHtml(problem.label)}</strong>: ${escapeHtml(problem.message)}</li>`).join('\n')}
</ul>`;
  const sent =
    page.sent.length === 0
      ? ''
      : `<h2>What you sent</h2>
<p>Everything you typed is here: copy what you need before you go back.</p>
<dl>
${page.sent.map((field) => `<dt><strong>${escapeHtml(field.label)}</strong></dt>\n<dd>${valueHtml(field.value)}</dd>`).join('\n')}
</dl>`;
  return sitePage({
    title: page.heading,
    head: page.head,
    mainClass: 'message-page form-answer-page',
    content: [`<h1>${escapeHtml(page.heading)}</h1>`, paragraphs, links, problems, sent, `<p><a href="${escapeHtml(page.back.href)}">${escapeHtml(page.back.label)}</a></p>`]
      .filter((part) => part !== '')
      .join('\n'),
  });
}
