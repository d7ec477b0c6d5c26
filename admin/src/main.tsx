import '@flybook/ui/ui.css';
import './app/app.css';
import './app/form/controls.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './app/AdminApp.tsx';
import { AdminProviders } from './app/context.tsx';
import { isPaymentWindowReturn } from './app/payment-window.ts';
import { prepareAdminServices } from './app/services.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const services = await prepareAdminServices();
if (isPaymentWindowReturn(window.location)) {
  // The card payment window shows only the outcome, not a second back office (spec 02 §4).
  const { CardReturnWindow } = await import('./app/payment/CardReturnWindow.tsx');
  createRoot(container).render(
    <StrictMode>
      <AdminProviders services={services}>
        <CardReturnWindow isAgentCharge={window.location.pathname.endsWith('/agent/payment')} />
      </AdminProviders>
    </StrictMode>,
  );
} else {
  createRoot(container).render(
    <StrictMode>
      <AdminApp services={services} />
    </StrictMode>,
  );
}
