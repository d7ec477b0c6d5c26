import type { Page } from '@playwright/test';

// The list layout rules of docs/i18n.md ("List layout at 1280 and 1440 px") as checks on a page:
// e2e/list-layout.e2e.ts runs them over the back office's lists, boarding-by-scan.e2e.ts over the
// passenger list with checked-in passengers.

/** What a reader would see cut: texts wider than their box without a tooltip, words split over two lines. */
export async function layoutProblems(page: Page) {
  return page.locator('main').evaluate((main) => {
    const problems: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    // Texts for screen readers only (a 1 px box) are not seen, so never cut.
    const unseen = (element: HTMLElement) =>
      !element.offsetParent || element.getBoundingClientRect().width <= 1;
    for (const element of main.querySelectorAll<HTMLElement>('*')) {
      if (unseen(element) || element.children.length > 0 || !element.textContent?.trim()) continue;
      const style = getComputedStyle(element);
      const cut = element.scrollWidth > element.clientWidth + 1 && style.overflowX !== 'visible';
      // Free text of any length may end in an ellipsis when the whole of it is in the tooltip.
      if (cut && !(style.textOverflow === 'ellipsis' && element.closest('[title]'))) {
        problems.push(`cut: ${name(element)}`);
      }
    }
    // A word is broken when its letters land on two lines (a break after a hyphen is a word break).
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!parent || unseen(parent) || getComputedStyle(parent).textOverflow === 'ellipsis') continue;
      for (const match of text.matchAll(/[^\s\-‑–/]{2,}/g)) {
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) problems.push(`broken word: "${match[0]}" in ${name(parent)}`);
      }
    }
    // The list itself never scrolls sideways unless it has more columns than any screen (the flight
    // list, whose actions are pinned on the right and whose seat columns scroll beside them). AG Grid
    // 36 scrolls its columns in `.ag-body-horizontal-scroll-viewport` and draws pinned cells in each
    // row's `.ag-grid-pinned-right-cells`; a grid without the first is not measured but reported, so a
    // renamed class can never make the check pass unseen again (it did: AG Grid 36 has no
    // `.ag-center-cols-viewport`).
    for (const grid of main.querySelectorAll<HTMLElement>('.ag-root-wrapper')) {
      const scroller = grid.querySelector('.ag-body-horizontal-scroll-viewport');
      if (!scroller) {
        problems.push(
          'the list has no .ag-body-horizontal-scroll-viewport: its sideways scrolling is not measured',
        );
        continue;
      }
      const pinned = grid.querySelector('.ag-grid-pinned-right-cells .ag-cell') !== null;
      const wider = scroller.scrollWidth - scroller.clientWidth;
      if (!pinned && wider > 1) {
        const edge = grid.getBoundingClientRect().right;
        const outside = [...grid.querySelectorAll('.ag-header-cell')]
          .filter((cell) => cell.getBoundingClientRect().right > edge + 1)
          .map((cell) => cell.getAttribute('col-id'));
        problems.push(
          `the list scrolls sideways: ${wider} px wider than its box (cut: ${outside.join(', ')})`,
        );
      }
      // A cell's content wider than the cell is cut by the grid (a button, a badge), whatever its own box says.
      for (const cell of grid.querySelectorAll<HTMLElement>('.ag-cell, .ag-header-cell')) {
        if (cell.children.length > 0 && cell.scrollWidth > cell.clientWidth + 1) {
          problems.push(`cut cell: ${cell.getAttribute('col-id')} ${name(cell)}`);
        }
      }
    }
    if (document.documentElement.scrollWidth > window.innerWidth) problems.push('the page scrolls sideways');
    return problems;
  });
}

/** Rows of the list wholly inside the window. */
export const rowsInView = (page: Page) =>
  page.locator('main').evaluate(
    (main) =>
      new Set(
        [...main.querySelectorAll('.ag-row[row-index]')]
          .filter((row) => {
            const box = row.getBoundingClientRect();
            return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
          })
          .map((row) => row.getAttribute('row-index')),
      ).size,
  );

/**
 * The changes the list's grid makes to its page within a while, with no one touching it: 0 for a
 * list at rest (a list that measured its columns without end redrew itself thousands of times a second).
 */
export const gridChanges = (page: Page, ms = 1000) =>
  page.locator('.ag-root-wrapper').evaluate(
    (grid, wait) =>
      new Promise<number>((done) => {
        let changes = 0;
        const observer = new MutationObserver((records) => {
          changes += records.length;
        });
        observer.observe(grid, { subtree: true, childList: true, attributes: true, characterData: true });
        setTimeout(() => {
          observer.disconnect();
          done(changes);
        }, wait);
      }),
    ms,
  );
