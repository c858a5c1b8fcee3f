import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function AfterRateProductPage() {
  return <PagePlaceholder title="Thanks for rating" />;
}
