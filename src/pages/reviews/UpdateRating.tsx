import { PagePlaceholder } from '../../components/PagePlaceholder.tsx';

export default function UpdateRatingPage() {
  return <PagePlaceholder title="Update Rating" />;
}
