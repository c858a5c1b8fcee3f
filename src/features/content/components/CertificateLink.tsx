import * as css from './content.css.ts';

/** A brand's authenticity certificate as an image that opens the full document (drawn by the server). */
export function CertificateLink({
  certificate: c,
  lazy = false,
}: {
  certificate: { document_url: string; title: string; certificate_no: string };
  lazy?: boolean;
}) {
  return (
    <a href={c.document_url} target="_blank" rel="noreferrer">
      <img
        className={css.certificate}
        src={c.document_url}
        alt={`${c.title}, certificate number ${c.certificate_no}`}
        width={800}
        height={560}
        {...(lazy ? { loading: 'lazy' as const } : {})}
      />
    </a>
  );
}
