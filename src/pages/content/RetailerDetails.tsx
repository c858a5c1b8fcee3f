import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function RetailerDetailsPage() {
  return <PagePlaceholder title="Retailer Programme" />;
}
