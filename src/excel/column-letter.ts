/** Excel's column letters for a 0-based column index (0 → "A", 27 → "AB"), for messages. */
export { columnLetter } from "../invoices";
