// Placeholder of the page being built for issue 28 (replaced when its branch merges; never released).
import type { ConsolePageProps } from '../shared/console-page-props.ts';

export function SubscriberPage(_props: ConsolePageProps & { subscriberId: number }) {
  return (
    <section className="console-page" aria-labelledby="console-page-title">
      <h1 id="console-page-title" tabIndex={-1}>
        Subscriber
      </h1>
    </section>
  );
}
