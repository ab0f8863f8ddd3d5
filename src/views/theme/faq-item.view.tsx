// One FAQ block: the question is a heading holding a disclosure button (aria-expanded,
// aria-controls the answer). The answer is always in the HTML: prerendered open, so it reads
// without JavaScript (a browser that runs scripts shows it closed from first paint, faq.css, so
// hydration moves nothing), and once collapsed it is `hidden="until-found"` where the browser
// supports it, so find-in-page still finds it and opens the block (the `beforematch` event).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { InspectionEvent } from 'xstate';
import { faqItemMachine } from '../../machines/theme/faq-item.machine.ts';
import { inspectWith } from '../../services/shared/page-inspector.service.ts';

export interface FaqItem {
  id: string;
  question: string;
  answer: readonly string[];
}

export interface FaqItemViewProps {
  item: FaqItem;
  logic?: typeof faqItemMachine;
  inspect?: (event: InspectionEvent) => void;
}

/** Chromium (and Firefox from 139) reveal `hidden="until-found"` content for find-in-page. */
function untilFoundSupported(element: HTMLElement): boolean {
  return 'onbeforematch' in element;
}

export function FaqItemView({ item, logic = faqItemMachine, inspect }: FaqItemViewProps) {
  const actorRef = useActorRef(logic, { inspect: inspectWith(inspect) });
  const state = useSelector(actorRef, (snapshot) => String(snapshot.value));
  const interactive = state !== 'static';
  const open = useSelector(actorRef, (snapshot) => snapshot.hasTag('open'));
  const answerRef = useRef<HTMLDivElement>(null);
  const answerId = `faq-${item.id}-answer`;
  const buttonId = `faq-${item.id}-question`;

  // React renders `hidden` only as a boolean, so the view writes the attribute itself; React
  // never renders it (the prerendered answer is open), so the two never disagree.
  useEffect(() => {
    const answer = answerRef.current;
    if (!answer) return;
    if (!interactive || open) answer.removeAttribute('hidden');
    else answer.setAttribute('hidden', untilFoundSupported(answer) ? 'until-found' : '');
  }, [interactive, open]);

  useEffect(() => {
    const answer = answerRef.current;
    if (!answer) return;
    const reveal = () => actorRef.send({ type: 'answer.reveal' });
    answer.addEventListener('beforematch', reveal);
    return () => answer.removeEventListener('beforematch', reveal);
  }, [actorRef]);

  return (
    <div id={`faq-${item.id}`} className="faq-item" data-state={state}>
      <h3 className="faq-item__heading">
        {interactive ? (
          <button
            type="button"
            id={buttonId}
            className="faq-item__question"
            aria-expanded={open}
            aria-controls={answerId}
            onClick={() => actorRef.send({ type: 'answer.toggle' })}
          >
            {item.question}
          </button>
        ) : (
          <span className="faq-item__question faq-item__question--static">{item.question}</span>
        )}
      </h3>
      <div ref={answerRef} id={answerId} className="faq-item__answer">
        {item.answer.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </div>
  );
}

/** The whole list: the FAQ section's lazy chunk. */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="faq-list">
      {items.map((item) => (
        <FaqItemView key={item.id} item={item} />
      ))}
    </div>
  );
}
