// The counters section's animated part (its lazy chunk): the key figures and the capability
// bars, each run by its own machine. The prerender waits for this chunk, so the page carries the
// final numbers and full bars; in the browser React hydrates them when the chunk arrives.
import { Counter } from './counter.view.tsx';
import { ProgressBar } from './progress-bar.view.tsx';
import { useSiteContent } from '../shared/site-content.tsx';

export default function CountersFigures() {
  const { counters } = useSiteContent();
  return (
    <>
      <ul className="counter-list">
        {counters.items.map((counter) => (
          <Counter key={counter.label} value={counter.value} prefix={counter.prefix} suffix={counter.suffix} label={counter.label} />
        ))}
      </ul>
      <div className="capabilities">
        <h3 className="capabilities__heading">{counters.capabilities.heading}</h3>
        <ul className="capability-list">
          {counters.capabilities.items.map((item) => (
            <ProgressBar key={item.label} label={item.label} percent={item.percent} />
          ))}
        </ul>
      </div>
    </>
  );
}
