import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { setNavigator } from './api/client.ts';
import { startReporting } from './app/reporting.ts';
import { routes } from './app/routes.tsx';
import './ui/theme/global.css.ts';

const router = createBrowserRouter(routes);
// API redirects (401, 404, 409) stay inside the single-page app.
setNavigator((to) => void router.navigate(to));
startReporting(router);

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
