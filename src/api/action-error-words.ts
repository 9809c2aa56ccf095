/**
 * The service's error keys of approving, sending and crediting, in plain words for a controller
 * (the vendor's `ErrorCode`, contracts/openapi/Billing-1-0.yaml). A key not listed here is shown
 * with the service's own message. The words are the reasons catalogue's `svc.<KEY>` (src/i18n),
 * said in the language the caller gives (English by default, word for word as before).
 */
import { isReason, reason, reasonText, type Language, type Reason } from "../i18n";
import type { ServiceErrorEntry } from "./types";

/** The service error `key` (any case) as a reason (`svc.<KEY>`), or undefined when it has no words. */
export function actionErrorReason(key: string | undefined): Reason | undefined {
  if (key === undefined) return undefined;
  const upper = key.trim().toUpperCase();
  const candidate = { code: `svc.${upper}` };
  return /^[A-Z_]+$/.test(upper) && isReason(candidate) ? candidate : undefined;
}

/** Plain words for `key` (any case) in `language`, or undefined when it has none. */
export function actionErrorWords(
  key: string | undefined,
  language: Language = "en"
): string | undefined {
  const why = actionErrorReason(key);
  return why === undefined ? undefined : reasonText(why, language);
}

/**
 * One entry in plain words in `language`: the words of its key, else the service's message as it
 * is, else the key.
 */
export function describeActionEntry(entry: ServiceErrorEntry, language: Language = "en"): string {
  return (
    actionErrorWords(entry.key, language) ??
    (entry.message?.trim() || entry.key?.trim() || reasonText(reason("svc.noReason"), language))
  );
}
