import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function AfterRateProductPage() {
  return <PagePlaceholder title="Thanks for rating" />;
}
