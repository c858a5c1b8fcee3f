// Inventory: the one writer of stock on hand, every change a row in the stock ledger (docs/decisions/011).
// Flows and modules change stock only through these functions.
export {
  adjustStock,
  adjustStocks,
  heldUnits,
  ledgerSums,
  putBack,
  type StockLine,
  type StockRef,
  takeCtes,
  takeStock,
} from './queries.ts';
