import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function ProfilePage() {
  return <PagePlaceholder title="My Profile" />;
}
