import { PagePlaceholder } from '../../../ui/PagePlaceholder.tsx';

export default function UpdateRatingPage() {
  return <PagePlaceholder title="Update Rating" />;
}
