// What the inbox's pages show when what they load could not be had: why, announced, and Try again.
export function LoadProblem({ what, problem, onRetry }: { what: string; problem: string; onRetry(): void }) {
  return (
    <div className="inbox-problem" role="alert">
      <p>
        {what} could not be loaded. {problem}
      </p>
      <button type="button" className="action-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
