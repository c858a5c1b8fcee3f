import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function CancelShipmentPage() {
  return <PagePlaceholder title="Cancel Shipment" />;
}
