import { useEffect } from 'react';

/** Sets the browser tab's title for the page ("Not Found · Flybook"). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Flybook`;
  }, [title]);
}
