// What a console page shows when what it loads could not be had: why, announced, and Try again
// (the inbox's pages and the content editor's). `className` is the feature's own look.
export function LoadProblem({ what, problem, onRetry, className }: { what: string; problem: string; onRetry(): void; className: string }) {
  return (
    <div className={className} role="alert">
      <p>
        {what} could not be loaded. {problem}
      </p>
      <button type="button" className="action-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
