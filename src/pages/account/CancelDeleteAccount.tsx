import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function CancelDeleteAccountPage() {
  return <PagePlaceholder title="Cancel Account Deletion" />;
}
