/**
 * Ribbon commands. The manifest's Refresh button runs `refreshBilling`: forget cached service data
 * and recalculate every BILLING function (`refresh` of src/functions/index.ts).
 */
import { refresh } from "../functions";

/** Handler of the Refresh button; always completes the event, also when the refresh fails. */
export async function refreshBilling(event: Office.AddinCommands.Event): Promise<void> {
  try {
    await refresh();
  } catch {
    // A failed refresh shows as errors in the BILLING cells themselves; a ribbon button has no UI.
  } finally {
    event.completed();
  }
}

Office.onReady(() => {
  Office.actions.associate("refreshBilling", refreshBilling);
});
