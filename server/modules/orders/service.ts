// The rules of the account order pages (SPEC §2) and /api/order (SPEC §7): what a shopper sees, and every
// status change, which goes through the life-cycle machine inside one transaction. One file per concern, all
// reached through this one: the shared rules and views' pieces (order-rules.ts), reading (reading.ts), moving a
// shipment (moving.ts), returns (returns.ts) and the console's moves (operations.ts).
export * from './order-rules.ts';
export * from './reading.ts';
export * from './moving.ts';
export * from './returns.ts';
export * from './operations.ts';
