// The operations console's roles and what each may do (docs/decisions/019). Zod-free: the console reads it to show
// only what a role can use; the server checks every staff call against it (server/http/ops.ts).

export const STAFF_ROLES = ['owner', 'catalogue', 'fulfilment', 'support', 'marketing'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const PERMISSIONS = [
  'orders:read',
  'orders:write',
  'refunds:write',
  'catalogue:read',
  'catalogue:write',
  'customers:read',
  'customers:write',
  'reviews:moderate',
  'grievances:handle',
  'promotions:read',
  'promotions:write',
  'reports:read',
  'audit:read',
  'staff:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Least privilege: each role holds what its work needs; the owner holds everything. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  catalogue: ['catalogue:read', 'catalogue:write', 'reviews:moderate'],
  fulfilment: ['orders:read', 'orders:write', 'catalogue:read'],
  support: ['orders:read', 'customers:read', 'customers:write', 'reviews:moderate', 'catalogue:read', 'grievances:handle'],
  marketing: ['catalogue:read', 'promotions:read', 'promotions:write', 'reports:read'],
};

export const can = (role: StaffRole, permission: Permission): boolean => ROLE_PERMISSIONS[role].includes(permission);
