import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function AddNewAddressPage() {
  return <PagePlaceholder title="Add New Address" />;
}
