import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function HelpCenterPage() {
  return <PagePlaceholder title="Help Centre" />;
}
