/**
 * What the pane offers and tells by the account's role: a reader is told what a reader
 * can do, never "Press Check, then Create and approve" beside disabled buttons; an account without
 * any role is offered nothing that would fail "no access", and told what to ask IT for. The run
 * card's model and view, and the real taskpane.html in jsdom.
 */
import { INITIAL_CARD_STATE, reduceCard } from "../../../src/taskpane/run-card-model";
import { cardView, exampleRowNote } from "../../../src/taskpane/card-view";
import { mountInvoicesPanel } from "../../../src/taskpane/invoices-panel";
import { mountLookupsPanel } from "../../../src/taskpane/lookups-panel";
import { mountCostReportPanel } from "../../../src/taskpane/cost-report-panel";
import { runCardOf } from "../../../src/taskpane/run-card";
import {
  closePane,
  endPaneConnection,
  openPane,
  paneHarness,
  startPaneConnection,
} from "../../support/pane";

const READ = "Billing.Read";
const INVOICE = "Billing.Invoice";

/** The card once the token's roles are known. */
const signedInWith = (roles: readonly string[]) =>
  reduceCard(INITIAL_CARD_STATE, { type: "roles-known", roles });

const pane = paneHarness();
const { $, text } = pane;
const isDisabled = (id: string) => $(id).getAttribute("aria-disabled") === "true";
/** The Lookups tab's buttons that ask the service (the cost report's are built by its panel). */
const lookupButtons = () => [
  $("lookup-search"),
  pane.byTestId("cost-report")!,
  pane.byTestId("cost-report-refresh")!,
];

beforeAll(() => startPaneConnection());
afterAll(() => endPaneConnection());
afterEach(() => closePane(pane));

/** The Invoices panel in a fresh pane, the token's `roles` known. */
function paneWith(roles: readonly string[] | undefined): void {
  openPane(pane, ["Sheet1"], mountInvoicesPanel, mountLookupsPanel, mountCostReportPanel);
  runCardOf(pane.doc).dispatch({ type: "roles-known", roles });
}

describe("a reader (Billing.Read)", () => {
  it("is told to Check, not to Create and approve, and gets no hints beside the buttons it may not press", () => {
    const view = cardView(signedInWith([READ]));
    expect(view.check.enabled).toBe(true);
    expect(view.insertTemplate.enabled).toBe(true);
    expect(view.create.enabled).toBe(false);
    expect(view.showEmptyState).toBe(true);
    expect(view.emptyStep3).toMatch(/\*Check\*/);
    expect(view.emptyStep3).not.toMatch(/Create and approve\*/);
    expect(view.showActHints).toBe(false);
    // An invoicer is told the whole way, as before.
    const invoicer = cardView(signedInWith([INVOICE]));
    expect(invoicer.emptyStep3).toMatch(/then \*Create and approve\*/);
    expect(invoicer.showActHints).toBe(true);
  });

  it("in the pane: the first-run steps name only Check, and Send's hint is not shown", () => {
    paneWith([READ]);
    expect($("empty-state").hidden).toBe(false);
    expect(text("empty-step3")).toBe(
      "Press Check to see whether the rows are ready. Creating and approving them needs the Billing.Invoice role."
    );
    expect($("empty-step3").querySelector("b")?.textContent).toBe("Check");
    expect($("after-approval-hint").hidden).toBe(true);
    expect(isDisabled("create")).toBe(true);
    expect(isDisabled("send-invoices")).toBe(true);
    expect(isDisabled("check")).toBe(false);
    expect(isDisabled("add-example-row")).toBe(false);
  });

  it("after Add an example row is told to press Check, an invoicer to press Create and approve", () => {
    const place = { row: 2, sheet: "Invoices" };
    expect(exampleRowNote(signedInWith([READ]), place)).toBe(
      'Added an example invoice on row 2 of "Invoices" and selected it. Press Check to see that it is ready.'
    );
    expect(exampleRowNote(signedInWith([INVOICE]), place)).toMatch(/Press Create and approve\.$/);
    expect(exampleRowNote(INITIAL_CARD_STATE, place)).toMatch(/Press Create and approve\.$/);
  });
});

describe("an account without any role", () => {
  it("is offered nothing that would fail, and told what to ask IT for", () => {
    const view = cardView(signedInWith([]));
    for (const b of [
      view.check,
      view.insertTemplate,
      view.create,
      view.createDrafts,
      view.send,
      view.credit,
      ...Object.values(view.described),
      view.approveDrafts,
      view.discardDrafts,
    ])
      expect(b.enabled).toBe(false);
    expect(view.showEmptyState).toBe(false);
    expect(view.roleNote).toMatch(/no role for the billing service/);
    expect(view.roleNote).toMatch(/Billing\.Read/);
    expect(view.roleNote).toMatch(/Billing\.Invoice/);
    expect(view.roleNote).toMatch(/Ask your IT department/);
  });

  it("in the pane: Check, Insert template and Add an example row are disabled, the reason shown", () => {
    paneWith(["Some.Other.Role"]);
    for (const id of ["check", "insert-template", "add-example-row", "create", "create-drafts"])
      expect(isDisabled(id)).toBe(true);
    expect($("empty-state").hidden).toBe(true);
    expect($("role-note").hidden).toBe(false);
    expect(text("role-note")).toMatch(/^Your account has no role for the billing service/);
  });

  it("in the Lookups tab: Search and the cost report are disabled, the same reason shown", () => {
    paneWith([]);
    for (const b of lookupButtons()) expect(b.getAttribute("aria-disabled")).toBe("true");
    expect($("lookup-role-note").hidden).toBe(false);
    expect(text("lookup-role-note")).toBe(text("role-note"));
    // Signed in again with a role: offered again.
    runCardOf(pane.doc).dispatch({ type: "roles-known", roles: [READ] });
    for (const b of lookupButtons()) expect(b.hasAttribute("aria-disabled")).toBe(false);
    expect($("lookup-role-note").hidden).toBe(true);
  });

  it("roles not known (no sign-in: the simulator, a pasted token) offer everything, as before", () => {
    paneWith(undefined);
    for (const id of ["check", "insert-template", "add-example-row", "create"])
      expect(isDisabled(id)).toBe(false);
    expect($("role-note").hidden).toBe(true);
    expect($("after-approval-hint").hidden).toBe(false);
  });
});
