import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function ImporterPage() {
  return <PagePlaceholder title="Importer Certificates" />;
}
