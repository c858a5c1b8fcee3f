import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function RateProductPage() {
  return <PagePlaceholder title="Rate Product" />;
}
