// Customer identity: the customer row as sign-in, sessions and accounts read it. A leaf: it imports no other
// module, so the auth, session and account modules can all build on it without a cycle.
export {
  CUSTOMER_COLUMNS,
  type CustomerRow,
  findCustomerById,
  findCustomerByIdentifier,
  findSessionCustomer,
  isUniqueViolation,
  isVerifiedDetail,
} from './queries.ts';
