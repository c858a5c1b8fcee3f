// The form kit's field styles, for a feature's own form layout (orders: bank account, reasons, returns).
export { control, hint, input, label } from './form.css.ts';
export { field, inlineButton, textarea } from './Fields.css.ts';
