// Customer identity: the customer row as sign-in, sessions and accounts read it. A leaf: it imports no other
// module, so the auth, session and account modules can all build on it without a cycle.
export { consoleCustomers, customerContact, lockCustomer } from './console-reads.ts';
export {
  anonymiseDeletedCustomers,
  CUSTOMER_COLUMNS,
  type CustomerRow,
  findCustomerById,
  findCustomerByIdentifier,
  findSessionCustomer,
  insertCustomer,
  isUniqueViolation,
  isVerifiedDetail,
  optOutByEmail,
  recordLastOrder,
  updateCustomer,
} from './queries.ts';
