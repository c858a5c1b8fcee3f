import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function ShopPage() {
  return <PagePlaceholder title="Shop All Products" />;
}
