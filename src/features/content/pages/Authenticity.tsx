import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function AuthenticityPage() {
  return <PagePlaceholder title="Check Authenticity" />;
}
