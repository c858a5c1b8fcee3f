import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function FunnelPage() {
  return <PagePlaceholder title="Checkout Funnel" />;
}
