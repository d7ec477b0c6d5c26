import '@flybook/ui/ui.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './app/AdminApp.tsx';
import { prepareAdminServices } from './app/services.ts';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const services = await prepareAdminServices();
createRoot(container).render(
  <StrictMode>
    <AdminApp services={services} />
  </StrictMode>,
);
