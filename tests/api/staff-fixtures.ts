import { randomBytes } from 'node:crypto';
import type { StaffRole } from '../../schemas/staff.ts';
import { createStaff, currentCode } from '../../server/modules/staff/index.ts';
import type { Agent, TestApp } from '../helpers/app.ts';

// Staff for the operations suites: an account of a role, created in the database, signed in through the API.

export const STAFF_PASSWORD = 'Console-pass-2026';

export async function newStaff(t: TestApp, role: StaffRole) {
  const email = `${role}-${randomBytes(4).toString('hex')}@staff.kasrat.test`;
  return createStaff(t.handle.db, { email, role, password: STAFF_PASSWORD });
}

/** A browser signed in to the console as a new member of staff of `role`. */
export async function signedInStaff(t: TestApp, role: StaffRole): Promise<{ agent: Agent; id: number; email: string; secret: string }> {
  const staff = await newStaff(t, role);
  const agent = t.agent();
  const res = await agent.post('/api/ops/staff/sign-in', {
    email: staff.email,
    password: STAFF_PASSWORD,
    code: await currentCode(staff.secret),
  });
  if (res.statusCode !== 200) throw new Error(`staff sign-in failed: ${res.statusCode} ${res.body}`);
  return { agent, id: staff.id, email: staff.email, secret: staff.secret };
}
