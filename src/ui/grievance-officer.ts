import type { GrievanceOfficerResponse } from '../../schemas/grievances.ts';
import { get } from '../api/client.ts';
import { resource } from '../api/route-data.ts';

// The grievance officer (docs/grievance-redressal.md), named in the footer of every store page and in the help
// centre: one piece of data, loaded by the main layout's server loader (src/app/routes.tsx) so the footer renders
// with it, and read by both through the cached resource hook.
export const grievanceOfficerResource = () =>
  resource(
    'grievance-officer',
    async (signal) => (await get<typeof GrievanceOfficerResponse>('/api/help-center/grievance-officer', { signal })).data,
  );
