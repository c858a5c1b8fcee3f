import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function RateProductPage() {
  return <PagePlaceholder title="Rate Product" />;
}
