// /analytics/funnel: the analysts' view of checkout funnel steps, built by the analytics core.
export { default } from '../components/FunnelPage.tsx';
