import { useCachedResource } from '../../../api/cached-resource.ts';
import { grievanceOfficerResource } from '../../../ui/grievance-officer.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { card } from '../../../ui/theme/global.css.ts';
import * as css from './content.css.ts';

/**
 * The grievance officer's name, designation and contact, and the two promises (Consumer Protection (E-Commerce)
 * Rules, 2020, rule 4(4)-(5); docs/grievance-redressal.md), as the help centre shows them.
 */
export function GrievanceOfficerCard({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const def = grievanceOfficerResource();
  const officer = useCachedResource(def.key, def.load);
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={card} aria-labelledby="grievance-officer" data-testid="grievance-officer">
      <Heading id="grievance-officer" style={{ marginTop: 0 }}>
        Grievance officer
      </Heading>
      {officer.loading ? (
        <Skeleton height={96} />
      ) : officer.data ? (
        <>
          <p style={{ margin: 0 }}>
            <strong>{officer.data.name}</strong>, {officer.data.designation}
          </p>
          <address style={{ fontStyle: 'normal', display: 'grid', gap: 4, marginTop: 8 }}>
            <span>
              Email: <a href={`mailto:${officer.data.email}`}>{officer.data.email}</a>
            </span>
            <span>
              Phone: <a href={officer.data.tel}>{officer.data.phone}</a>
            </span>
            <span>Address: {officer.data.address}</span>
          </address>
          <p className={css.meta} style={{ marginTop: 8 }}>
            We acknowledge every complaint within {officer.data.acknowledge_within_hours} hours and resolve it within{' '}
            {officer.data.resolve_within} of receiving it.
          </p>
        </>
      ) : (
        <p role="alert">{officer.error}</p>
      )}
    </section>
  );
}
