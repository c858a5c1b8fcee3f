import { startReporting } from './app/reporting.ts';
import { mountApp, readHydrationState } from './app/start.tsx';
import './ui/theme/global.css.ts';

const root = document.getElementById('root');
if (root) void mountApp(root, readHydrationState(document), startReporting);
