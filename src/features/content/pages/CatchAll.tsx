import { NotFoundPage } from './NotFound.tsx';

// Any path the store does not know. The server already answered it with status 404.
export default function CatchAllPage() {
  return <NotFoundPage />;
}
