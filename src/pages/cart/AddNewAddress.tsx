import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function AddNewAddressPage() {
  return <PagePlaceholder title="Add New Address" />;
}
