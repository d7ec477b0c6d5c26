import { LOCALE_STORAGE_KEY, SESSION_STORAGE_KEY } from './storage-keys.ts';

/**
 * Where a visitor should be, by language (spec 01 §1): the saved choice, else the browser's first
 * language we offer, else English. Returns the path to go to, or null to stay. Self-contained
 * (no imports, no outside names): it is inlined into every page as the only script of content pages.
 */
export function localeTarget(
  pathname: string,
  saved: string | null,
  browserLanguages: readonly string[],
): string | null {
  const offered = ['en', 'de', 'fr', 'sq'];
  const parts = pathname.split('/').filter(Boolean);
  const prefixed = parts.length > 0 && offered.indexOf(parts[0] as string) > 0;
  const pageLocale = prefixed ? (parts[0] as string) : 'en';
  const rest = prefixed ? parts.slice(1) : parts;
  const pathIn = (locale: string) =>
    locale === 'en' ? `/${rest.join('/')}` : `/${[locale, ...rest].join('/')}`;
  if (saved && offered.indexOf(saved) >= 0) return saved === pageLocale ? null : pathIn(saved);
  // A prefixed address was chosen on purpose (a link, a bookmark): it is not second-guessed.
  if (prefixed) return null;
  for (const language of browserLanguages) {
    const primary = language.toLowerCase().split('-')[0] as string;
    if (offered.indexOf(primary) >= 0) return primary === 'en' ? null : pathIn(primary);
  }
  return null;
}

/**
 * The inline script: moves the visitor to their language once, remembers a choice made with the
 * language switch (links marked `data-locale`), and marks the page when a login is stored, so the
 * header offers the account instead of the login without loading any island. On a page whose
 * address carries a parameter (`data-path-param`, e.g. a recovery token) the language links are
 * pointed at the same address in the other language.
 */
export const localeScript = `(function(){var k=${JSON.stringify(LOCALE_STORAGE_KEY)};var s=null;try{s=localStorage.getItem(k);if(/"token"/.test(localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)})||''))document.documentElement.setAttribute('data-session','')}catch(e){}
var f=(${localeTarget.toString()});var t=f(location.pathname,s,navigator.languages||[navigator.language||'']);
if(t&&t!==location.pathname){location.replace(t+location.search+location.hash);return}
if(document.documentElement.hasAttribute('data-path-param'))document.addEventListener('DOMContentLoaded',function(){document.querySelectorAll('a[data-locale]').forEach(function(a){a.setAttribute('href',f(location.pathname,a.getAttribute('data-locale'),[])||location.pathname)})});
document.addEventListener('click',function(e){var a=e.target.closest&&e.target.closest('a[data-locale]');if(a){try{localStorage.setItem(k,a.getAttribute('data-locale'))}catch(x){}}});})();`;
