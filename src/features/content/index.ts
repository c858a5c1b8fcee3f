// The content feature's public surface (its pages are loaded by src/app/routes.tsx from their modules).
export { AppInstallBanner } from './components/AppInstallBanner.tsx';
