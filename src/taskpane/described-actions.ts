/**
 * The actions on approved invoices the pane draws from their registry entry alone
 * (src/invoices/actions/registry.ts, `offeredOn: "approved"`): a button in the Invoices tab, its
 * confirmation, the card's note when nothing qualifies — all from the action's catalogue words
 * `id.<words>.pane.*` (src/i18n/invoices-en.ts, invoices-nl.ts). Send and Credit have views of
 * their own (the channel; the total and the typed count), so a new action needs no pane code.
 */
import { ID_ACTIONS, type IdAction } from "../invoices";
import { t, type MessageKey } from "../i18n";

/** Actions whose confirmation this pane draws with code of its own. */
const OWN_VIEWS: ReadonlySet<string> = new Set(["send", "credit"]);

/** The parts of an action's pane words (`id.<words>.pane.<part>`). */
export type PanePart =
  | "button"
  | "buttonTitle"
  | "confirmTitle"
  | "confirm"
  | "already"
  | "refused"
  | "nothing"
  | "warning"
  | "nothingToDo";

/** The registry's actions on approved invoices drawn from their words, in the registry's order. */
export function describedActions(): IdAction[] {
  return Object.values(ID_ACTIONS as Readonly<Record<string, IdAction>>).filter(
    (a) => a.offeredOn === "approved" && !OWN_VIEWS.has(a.name)
  );
}

/** The described action named `name`, or undefined (Send, Credit, the plan actions). */
export function describedAction(name: string | undefined): IdAction | undefined {
  return describedActions().find((a) => a.name === name);
}

/** The id of the action's button in the Invoices tab ("<name>-invoices"). */
export function buttonId(action: IdAction): string {
  return `${action.name}-invoices`;
}

/**
 * The catalogue key of one part of the action's pane words. Every described action has every part
 * (test/unit/taskpane/described-actions.test.ts holds each to all of them in English and Dutch).
 */
export function paneKey(action: IdAction, part: PanePart): MessageKey {
  return `id.${action.words}.pane.${part}` as MessageKey;
}

/** One part of the action's pane words, in the pane's language (`{count}` chooses one or other). */
export function paneWords(
  action: IdAction,
  part: PanePart,
  values?: Readonly<Record<string, string | number>>
): string {
  const say = t as (key: MessageKey, values?: Readonly<Record<string, string | number>>) => string;
  return say(paneKey(action, part), values);
}

/**
 * The button of an action drawn from its words, as taskpane.html writes Send's and Credit's, in
 * the Invoices tab after them (made once: the card and the panel both ask for it).
 */
export function describedButton(doc: Document, action: IdAction): HTMLElement {
  const id = buttonId(action);
  const existing = doc.getElementById(id);
  if (existing) return existing;
  const button = doc.createElement("fluent-button");
  button.id = id;
  button.dataset.testid = id;
  button.setAttribute("appearance", "secondary");
  button.dataset.i18n = paneKey(action, "button");
  button.dataset.i18nTitle = paneKey(action, "buttonTitle");
  button.textContent = paneWords(action, "button");
  button.title = paneWords(action, "buttonTitle");
  const after = doc.getElementById("credit-invoices");
  if (!after?.parentElement) throw new Error("taskpane.html has no #credit-invoices");
  return after.parentElement.appendChild(button);
}
