import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function ShipmentDetailsPage() {
  return <PagePlaceholder title="Shipment Details" />;
}
