/**
 * What Office offers the sign-in, asked here at the edge and handed to src/auth.
 * Every member above the manifest's requirement sets is guarded by its set, as Microsoft's typings
 * note it: `Office.auth.getAuthContext` (NestedAppAuth 1.1), `Office.context.ui.displayDialogAsync`
 * (DialogApi 1.1). Outside Office (a plain browser tab, the preview) every answer is no.
 */
import type { DialogAnswer, OfficeAccount } from "../auth";
import { useHostAuthContext, useHostDialog, useHostNestedAppAuth } from "../auth";
import { isNestedAppAuthSupported, isSetSupported } from "../excel";

/** The dialog's size in percent of the screen (Microsoft's NAA sample uses the same). */
const DIALOG_SIZE = { height: 60, width: 30 } as const;

/** Office's event names, as strings: outside a host, `Office.EventType` may be missing. */
const DIALOG_MESSAGE_RECEIVED = "dialogMessageReceived";
const DIALOG_EVENT_RECEIVED = "dialogEventReceived";
/** `Office.AsyncResultStatus.Succeeded`'s value, as a string for the same reason. */
const SUCCEEDED = "succeeded";

/** Office's account (`getAuthContext`, NestedAppAuth 1.1), or undefined where the host has none. */
export async function officeAuthContext(): Promise<OfficeAccount | undefined> {
  if (!isSetSupported("NestedAppAuth", "1.1")) return undefined;
  if (typeof Office.auth?.getAuthContext !== "function") return undefined;
  const context = await Office.auth.getAuthContext();
  if (!context?.userPrincipalName) return undefined;
  return context.loginHint
    ? { username: context.userPrincipalName, loginHint: context.loginHint }
    : { username: context.userPrincipalName };
}

/** True when the host offers the Office dialog (DialogApi 1.1). */
export function hasOfficeDialog(): boolean {
  return (
    isSetSupported("DialogApi", "1.1") &&
    typeof Office.context?.ui?.displayDialogAsync === "function"
  );
}

/**
 * Opens `url` in the Office dialog and resolves with the first thing it says: its message (closed
 * at once), its closing, or why it could not open. Message text is never logged (it holds a token).
 */
export function openOfficeDialog(url: string): Promise<DialogAnswer> {
  if (!hasOfficeDialog()) return Promise.resolve({ kind: "failed", code: 0 });
  return new Promise<DialogAnswer>((resolve) => {
    Office.context.ui.displayDialogAsync(url, DIALOG_SIZE, (opened) => {
      if (String(opened.status) !== SUCCEEDED) {
        resolve({ kind: "failed", code: opened.error?.code ?? 0 });
        return;
      }
      const dialog = opened.value;
      const eventType = (name: string) => name as unknown as Office.EventType;
      dialog.addEventHandler(eventType(DIALOG_MESSAGE_RECEIVED), (arg) => {
        if (!("message" in arg)) return;
        dialog.close();
        resolve({ kind: "message", message: arg.message, origin: arg.origin });
      });
      dialog.addEventHandler(eventType(DIALOG_EVENT_RECEIVED), (arg) => {
        // 12006: closed by the user; any other code: the page could not load or went away.
        const code = "error" in arg ? arg.error : 0;
        resolve(code === 12006 ? { kind: "closed" } : { kind: "failed", code });
      });
    });
  });
}

/** Hands Office's answers to the sign-in; called once by the task pane's entry. */
export function connectOfficeSignIn(): void {
  useHostNestedAppAuth(isNestedAppAuthSupported);
  useHostAuthContext(officeAuthContext);
  useHostDialog({ available: hasOfficeDialog, open: openOfficeDialog });
}
