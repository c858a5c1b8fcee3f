import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function BrandsPage() {
  return <PagePlaceholder title="All Brands" />;
}
