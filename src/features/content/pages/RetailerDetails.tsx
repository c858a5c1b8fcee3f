import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function RetailerDetailsPage() {
  return <PagePlaceholder title="Retailer Programme" />;
}
