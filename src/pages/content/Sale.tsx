import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function SalePage() {
  return <PagePlaceholder title="Sale" />;
}
