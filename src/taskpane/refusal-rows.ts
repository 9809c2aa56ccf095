/**
 * The `message` of a row an action refused before its run: the refusal is added to what the row
 * said, never put in its place — a row Check refused keeps Check's reason beside the action's
 * ("Not sent: the row has no invoiceId; … · taxCodeId is empty in J3 …"). Pure.
 */
import type { ActionRefusal, RowUpdate, SheetSnapshot } from "../invoices";

/** Between the parts of a row's message: the newest refusal first, then what the row said. */
export const MESSAGE_PARTS = " · ";

/** The row's message with `refusal` first; the same refusal said again is not repeated. */
export function withRefusal(refusal: string, before: string): string {
  const kept = before
    .split(MESSAGE_PARTS)
    .map((part) => part.trim())
    .filter((part) => part !== "" && part !== refusal);
  return [refusal, ...kept].join(MESSAGE_PARTS);
}

/**
 * The row updates that write each refusal on its rows, beside what each row's message said as
 * `snapshot` read it (none: the rows' messages are not known to be current, the refusal alone).
 */
export function refusalUpdates(
  refused: readonly ActionRefusal[],
  snapshot?: SheetSnapshot
): RowUpdate[] {
  const at = snapshot?.headers.findIndex((h) => h.trim().toLowerCase() === "message") ?? -1;
  const said = new Map(
    (snapshot?.rows ?? []).map((r) => [r.rowNumber, at < 0 ? "" : String(r.values[at] ?? "")])
  );
  return refused.flatMap((r) =>
    r.rowNumbers.map((rowNumber) => ({
      rowNumber,
      message: withRefusal(r.message, said.get(rowNumber) ?? ""),
    }))
  );
}

/**
 * The run's row updates with the refusals written before it kept: where the engine writes a
 * refused row's refusal alone (an invoice the service refused though the sheet called it approved),
 * the row keeps the message `written` gave it (the refusal, then what the row said).
 */
export function keepingRefusals(
  written: readonly RowUpdate[]
): (updates: RowUpdate[]) => RowUpdate[] {
  const said = new Map(written.map((u) => [u.rowNumber, u.message]));
  return (updates) =>
    updates.map((u) => {
      const kept = said.get(u.rowNumber);
      return u.message !== undefined && kept !== undefined && kept.startsWith(u.message)
        ? { ...u, message: kept }
        : u;
    });
}
