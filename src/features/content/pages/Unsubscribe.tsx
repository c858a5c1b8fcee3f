import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function UnsubscribePage() {
  return <PagePlaceholder title="Unsubscribe" />;
}
