import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function CancelShipmentPage() {
  return <PagePlaceholder title="Cancel Shipment" />;
}
