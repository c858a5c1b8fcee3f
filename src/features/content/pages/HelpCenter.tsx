import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function HelpCenterPage() {
  return <PagePlaceholder title="Help Centre" />;
}
