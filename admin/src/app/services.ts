import { type ApiClient, createClient, NetworkError } from '@flybook/client';
import type { Locale } from '@flybook/locales';
import { API_VERSION } from '@flybook/schemas';
import { createNotificationStore, type NotificationStore } from '@flybook/ui';
import {
  type DataProvider,
  type I18nProvider,
  type IRefineOptions,
  keys,
  type NotificationProvider,
} from '@refinedev/core';
import type { i18n as I18n } from 'i18next';
import { createAuthProvider } from './auth-provider.ts';
import { createDataProvider, type ResourceMap } from './data-provider.ts';
import { type ErrorTranslator, NETWORK_STATUS, statusOf } from './errors.ts';
import {
  browserLanguages,
  type Catalogues,
  changeLocale,
  createI18n,
  createI18nProvider,
  detectStartLocale,
  loadCatalogue,
  setDocumentLanguage,
} from './i18n.ts';
import { createNotificationProvider } from './notification-provider.ts';
import { RESOURCE_CALLS } from './resources.ts';
import { browserStorage, createSessionStore, type SessionStore } from './session.ts';

// Typed through Refine: its declarations see @tanstack/react-query's CommonJS types, ours the ESM ones.
type QueryClientConfig = NonNullable<NonNullable<IRefineOptions['reactQuery']>['clientConfig']>;

/** Everything the back office shares: one instance per page, or per test. */
export interface AdminServices {
  client: ApiClient;
  session: SessionStore;
  notifications: NotificationStore;
  i18n: I18n;
  /** Options of the query client Refine creates (one per app, so one cache per app or test). */
  queryClientConfig: QueryClientConfig;
  authProvider: ReturnType<typeof createAuthProvider>;
  dataProvider: DataProvider;
  notificationProvider: NotificationProvider;
  i18nProvider: I18nProvider;
  /** Error code + params → message in the interface language (forms, notifications). */
  translateError: ErrorTranslator;
  setLocale: (locale: Locale) => Promise<void>;
  /** The last admin page the user saw; a logged-in user sent to /login goes back there. */
  lastAdminPath: { current: string | null };
}

export interface AdminServicesOptions {
  /** API address without the version; '/api' when the admin is served by the API server. */
  baseUrl?: string;
  fetch?: typeof fetch;
  storage?: Storage | null;
  languages?: readonly string[];
  resources?: ResourceMap;
  /** The texts loaded so far, at least the start language's (prepareAdminServices loads it). */
  catalogues: Catalogues;
}

/** The query key of the logged-in user (Refine's identity key, narrowed per token in use-current-user). */
export const identityQueryKey = (): readonly unknown[] => keys().auth().action('identity').get();

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Builds the services. Fetch failures only warn (spec 01 §8), except aborts we caused ourselves
 * (a page left before its list loaded), which would only be noise.
 */
export function createAdminServices(options: AdminServicesOptions): AdminServices {
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const baseFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const locale = detectStartLocale(storage, options.languages ?? browserLanguages());
  const i18n = createI18n(locale, options.catalogues);
  setDocumentLanguage(locale);
  const notifications = createNotificationStore();
  const session = createSessionStore(storage);

  const translate: ErrorTranslator = (code, params, fallback) => {
    if (code === 'NETWORK') return i18n.t('common.networkError');
    const key = `errors.${code}`;
    // A server failure's own words (with its request id) are the only thing it says: kept as the
    // details of "Unknown Error. {{details}}".
    const details = code === 'ERROR_INTERNAL' ? fallback : '';
    return i18n.exists(key) ? i18n.t(key, { details, ...params }) : fallback;
  };

  const warningFetch: typeof fetch = async (input, init) => {
    try {
      return await baseFetch(input, init);
    } catch (error) {
      if (!isAbort(error)) {
        notifications.notify({ kind: 'warning', message: i18n.t('common.networkError'), key: 'network' });
      }
      throw error;
    }
  };

  const baseUrl = options.baseUrl ?? '/api';
  const client = createClient({
    baseUrl,
    getToken: session.getToken,
    onUnauthorized: () => session.expire(),
    fetch: warningFetch,
  });

  const queryClientConfig: QueryClientConfig = {
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // Only failures that may pass on a second try are retried: not 4xx, not schema errors.
        retry: (failureCount, error) => {
          const status = statusOf(error);
          return (
            failureCount < 2 &&
            (error instanceof NetworkError || status === NETWORK_STATUS || (status ?? 0) >= 500)
          );
        },
      },
    },
  };

  const lastAdminPath: { current: string | null } = { current: null };
  // The previous page of one user is no place to send the next one.
  session.subscribe(() => {
    if (session.getToken() === null) lastAdminPath.current = null;
  });

  session.onExpired(() => {
    notifications.notify({
      kind: 'warning',
      message: i18n.t('errors.ERROR_SESSION_EXPIRED'),
      key: 'session-expired',
    });
  });

  return {
    client,
    session,
    notifications,
    i18n,
    queryClientConfig,
    authProvider: createAuthProvider({ client, session, translate }),
    dataProvider: createDataProvider({
      client,
      apiUrl: `${baseUrl}/${API_VERSION}`,
      resources: options.resources ?? RESOURCE_CALLS,
      translate,
    }),
    notificationProvider: createNotificationProvider(notifications),
    i18nProvider: createI18nProvider(i18n, storage),
    translateError: translate,
    setLocale: (next) => changeLocale(i18n, next, storage),
    lastAdminPath,
  };
}

/** The services of the page: loads the start language's texts first, so the first render is translated. */
export async function prepareAdminServices(
  options: Omit<AdminServicesOptions, 'catalogues'> = {},
): Promise<AdminServices> {
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const locale = detectStartLocale(storage, options.languages ?? browserLanguages());
  return createAdminServices({ ...options, storage, catalogues: { [locale]: await loadCatalogue(locale) } });
}
