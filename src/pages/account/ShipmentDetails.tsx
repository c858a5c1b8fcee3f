import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function ShipmentDetailsPage() {
  return <PagePlaceholder title="Shipment Details" />;
}
