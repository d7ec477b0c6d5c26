import { Button, LoadingScreen, NotificationRegion } from '@flybook/ui';
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatch } from 'react-router';
import { useServices } from './context.tsx';
import { PublicLayout } from './layouts.tsx';
import { LOGIN_PATH } from './paths.ts';
import { RESOURCES } from './resources.ts';
import { useCurrentUser, useSessionToken } from './use-current-user.ts';

/** The notices of the whole app, top left, always mounted (spec 01 §2, §8). */
function Notifications() {
  const { t } = useTranslation();
  const { notifications } = useServices();
  return (
    <NotificationRegion
      store={notifications}
      label={t('notifications.region')}
      dismissLabel={t('notifications.dismiss')}
      titles={{
        error: t('notifications.title.error'),
        info: t('notifications.title.info'),
        warning: t('notifications.title.warning'),
        success: t('notifications.title.success'),
      }}
    />
  );
}

function StartupError({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <section className="message-page" aria-labelledby="startup-error-title">
        <h1 id="startup-error-title" className="message-page__title">
          {t('common.startupErrorTitle')}
        </h1>
        <p className="message-page__text">{t('common.startupError')}</p>
        <div className="message-page__actions">
          <Button onPress={retry}>{t('common.retry')}</Button>
        </div>
      </section>
    </PublicLayout>
  );
}

/**
 * While the user's data loads on start the loading screen shows (spec 01 §2); the login page stays
 * on screen during its own sign-in instead, with a busy button.
 */
function ShellFrame() {
  const { t } = useTranslation();
  const current = useCurrentUser();
  const token = useSessionToken();
  const queryClient = useQueryClient();
  // When a session ends (logout, expiry, another tab) nothing of that user stays cached for the next.
  useEffect(() => {
    if (token === null) queryClient.removeQueries();
  }, [token, queryClient]);
  const onLogin = useMatch(LOGIN_PATH) !== null;
  let content = <Outlet />;
  if (current.status === 'loading' && !onLogin) content = <LoadingScreen label={t('common.loading')} />;
  if (current.status === 'error') content = <StartupError retry={current.retry} />;
  return (
    <>
      {content}
      <Notifications />
    </>
  );
}

/** Refine over our providers, inside the router (its router bindings use React Router's hooks). */
export function RefineRoot() {
  const services = useServices();
  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={services.dataProvider}
      authProvider={services.authProvider}
      notificationProvider={services.notificationProvider}
      i18nProvider={services.i18nProvider}
      resources={RESOURCES}
      options={{
        disableTelemetry: true,
        mutationMode: 'pessimistic',
        reactQuery: { clientConfig: services.queryClientConfig },
      }}
    >
      <ShellFrame />
    </Refine>
  );
}

/** What shows while the router loads a lazy page on a direct visit. */
export function RouteLoading() {
  const { t } = useTranslation();
  return <LoadingScreen label={t('common.loading')} />;
}
