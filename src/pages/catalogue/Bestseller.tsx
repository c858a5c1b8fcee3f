import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function BestsellerPage() {
  return <PagePlaceholder title="Bestsellers" />;
}
