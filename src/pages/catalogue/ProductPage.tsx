import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function ProductPagePage() {
  return <PagePlaceholder title="Product" />;
}
