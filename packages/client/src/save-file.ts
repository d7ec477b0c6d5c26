import type { FileResult } from '@flybook/schemas';

/** Hands a file answer to the browser as a download under its own name. */
export function saveFile({ blob, fileName }: FileResult): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the address after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
