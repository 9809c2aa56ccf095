/**
 * The Lookups tab: search customers, contracts, tax codes, bank accounts, billing items and a
 * customer's service locations; each result offers "Put in cell" and "Copy". Searches and their
 * rules live in lookups-model.ts.
 */
import { t } from "../i18n";
import { writeActiveCell } from "../excel";
import { h, replaceChildren, setText } from "./dom";
import { errorText } from "./error-text";
import {
  LOOKUP_KINDS,
  checkLookupQuery,
  resultsHeading,
  runLookup,
  type LookupKind,
  type LookupResult,
} from "./lookups-model";
import { mayRead, roleNote } from "./access";
import { paneClient, paneSecrets } from "./pane-connection";
import { offeredToReaders } from "./role-offer";
import { runCardOf } from "./run-card";
import { byId, showText, type ValueElement } from "./ui";

/** Copies `text` to the clipboard; Office webviews may refuse the async API, so an old path follows. */
async function copyText(doc: Document, text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // falls through to the selection-based copy
  }
  const area = doc.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  doc.body.appendChild(area);
  area.select();
  const ok = doc.execCommand("copy");
  doc.body.removeChild(area);
  if (!ok) throw new Error(t("lookups.noClipboard"));
}

/** Wires the Lookups tab of `doc`. */
export function mountLookupsPanel(doc: Document = document): void {
  const kindSelect = byId<ValueElement>("lookup-kind", doc);
  const query = byId<ValueElement>("lookup-query", doc);
  const queryLabel = byId("lookup-query-label", doc);
  const search = byId("lookup-search", doc);
  const error = byId("lookup-error", doc);
  const status = byId("lookup-status", doc);
  const results = byId("lookup-results", doc);

  // With no role of the add-in the gateway refuses every lookup: Search is not offered, the note
  // says which role to ask IT for (the run card holds the token's roles).
  const card = runCardOf(doc);
  const searching = offeredToReaders(card, [search]);
  const roleNoteEl = byId("lookup-role-note", doc);
  const showRoleNote = () =>
    showText(roleNoteEl, mayRead(card.state()) ? undefined : roleNote("none"));
  card.onRender(showRoleNote);
  showRoleNote();

  const kind = (): LookupKind =>
    kindSelect.value in LOOKUP_KINDS ? (kindSelect.value as LookupKind) : "customers";

  /** A new kind starts a new search: the old text means something else now. */
  function onKindChange(): void {
    const info = LOOKUP_KINDS[kind()];
    query.value = "";
    setText(queryLabel, info.inputLabel);
    query.setAttribute("placeholder", info.placeholder);
    showText(error, undefined);
    showText(status, undefined);
    replaceChildren(results);
  }

  function resultItem(r: LookupResult, index: number): HTMLElement {
    const note = h(doc, "span", { class: "result-detail", role: "status" });
    const put = h(
      doc,
      "fluent-button",
      { appearance: "secondary", "data-testid": `put-in-cell-${index}` },
      t("lookups.putInCell")
    );
    const copy = h(
      doc,
      "fluent-button",
      { appearance: "subtle", "data-testid": `copy-id-${index}` },
      t("lookups.copy")
    );
    put.addEventListener("click", async () => {
      try {
        const { address } = await writeActiveCell(r.id);
        setText(note, t("lookups.putIn", { address }));
      } catch (e) {
        setText(note, errorText(e, { secrets: paneSecrets() }));
      }
    });
    copy.addEventListener("click", async () => {
      try {
        await copyText(doc, r.id);
        setText(note, t("lookups.copied"));
      } catch (e) {
        setText(note, errorText(e));
      }
    });
    return h(
      doc,
      "li",
      { "data-testid": `lookup-result-${index}` },
      h(doc, "span", { class: "result-name" }, r.name),
      h(doc, "span", { class: "result-id" }, r.id),
      r.detail ? h(doc, "span", { class: "result-detail" }, r.detail) : undefined,
      h(doc, "div", { class: "result-actions" }, put, copy),
      note
    );
  }

  async function onSearch(): Promise<void> {
    const k = kind();
    const check = checkLookupQuery(k, query.value ?? "");
    showText(status, undefined);
    replaceChildren(results);
    if (!check.ok) {
      showText(error, check.message);
      return;
    }
    showText(error, undefined);
    showText(status, t("lookups.searching"));
    try {
      const found = await runLookup(paneClient(), k, check.query);
      showText(status, resultsHeading(k, found));
      replaceChildren(results, ...found.results.map(resultItem));
    } catch (e) {
      showText(status, undefined);
      showText(error, errorText(e, { secrets: paneSecrets() }));
    }
  }

  kindSelect.addEventListener("change", onKindChange);
  search.addEventListener("click", () => void searching.run(onSearch));
  query.addEventListener("keydown", (e) => {
    if ((e as KeyboardEvent).key === "Enter") void searching.run(onSearch);
  });
  onKindChange();
}
