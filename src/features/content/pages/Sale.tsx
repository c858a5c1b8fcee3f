import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function SalePage() {
  return <PagePlaceholder title="Sale" />;
}
