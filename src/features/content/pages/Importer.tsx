import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function ImporterPage() {
  return <PagePlaceholder title="Importer Certificates" />;
}
