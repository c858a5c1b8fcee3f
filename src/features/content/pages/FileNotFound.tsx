import { StatusPage } from './StatusPage.tsx';

export default function FileNotFoundPage() {
  return (
    <StatusPage
      code="404"
      heading="File not found"
      subheading="The file or document you asked for is not available. It may have been removed or the link is incomplete."
      action={{ label: 'Back to Home', to: '/' }}
    />
  );
}
