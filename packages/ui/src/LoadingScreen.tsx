export interface LoadingScreenProps {
  /** The text read out and shown under the spinner, e.g. "Loading…". */
  label: string;
}

/** A full-page busy state; role=status makes screen readers announce the label once. */
export function LoadingScreen({ label }: LoadingScreenProps) {
  return (
    <div className="fb-loading" role="status" aria-live="polite">
      <span className="fb-loading__spinner" aria-hidden="true" />
      <span className="fb-loading__label">{label}</span>
    </div>
  );
}
