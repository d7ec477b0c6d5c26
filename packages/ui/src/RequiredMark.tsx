/** The star after a required field's label; hidden from screen readers, which hear "required". */
export function RequiredMark({ shown }: { shown: boolean | undefined }) {
  return shown ? (
    <span className="fb-field__required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;
}
