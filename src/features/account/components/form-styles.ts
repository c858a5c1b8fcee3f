// The account forms' field styles, shared with other features' forms (orders: bank account, reasons, returns).
export { control, hint, input, label } from './account.css.ts';
export { field, inlineButton, textarea } from './Fields.css.ts';
