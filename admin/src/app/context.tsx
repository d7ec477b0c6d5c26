import { createContext, type ReactNode, useContext } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { AdminServices } from './services.ts';

const ServicesContext = createContext<AdminServices | null>(null);

/** The back office's shared services (client, session, notifications…). */
export function useServices(): AdminServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices must be used inside <AdminProviders>');
  return services;
}

/** Services and translations for everything below, router included. */
export function AdminProviders({ services, children }: { services: AdminServices; children: ReactNode }) {
  return (
    <ServicesContext.Provider value={services}>
      <I18nextProvider i18n={services.i18n}>{children}</I18nextProvider>
    </ServicesContext.Provider>
  );
}
