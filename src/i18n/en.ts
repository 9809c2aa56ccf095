/**
 * The English messages: the reference catalogue. Every key here must be in nl.ts too (a type error
 * otherwise), with the same `{placeholders}`. Keys are grouped by where they show: `pane.*` the task
 * pane's page (taskpane.html's `data-i18n` attributes, whose English text must equal these),
 * `card.*` the run card, `lookups.*` the Lookups tab, `fn.*` the custom functions' messages.
 * In a pane text, `*word*` is shown bold and `` `word` `` as code (taskpane/page-words.ts).
 */
import { enFunctions } from "./functions-en";
import { enInvoices } from "./invoices-en";
export const en = {
  // The custom functions' messages (functions-en.ts): the pane shows some of them too.
  ...enFunctions,
  // The invoice engine's messages (invoices-en.ts): src/invoices says them in the pane's language.
  ...enInvoices,
  "pane.refresh.title": "Fetch costs and tariffs again and recalculate every BILLING function",
  "pane.refresh": "Refresh",
  "pane.connection.checking": "Checking the connection…",
  "pane.tab.invoices": "Invoices",
  "pane.tab.lookups": "Lookups",
  "pane.tab.connection": "Connection",
  "pane.empty.title": "Create invoices from rows",
  "pane.empty.step1": "No sheet yet? *Insert template* adds one with the right columns.",
  "pane.empty.step2": "Select the rows of invoice lines (with their header row on top).",
  "pane.empty.step3":
    "Press *Check*, then *Create and approve*. Rows sharing an `invoiceRef` become one invoice.",
  "pane.empty.step3Reader":
    "Press *Check* to see whether the rows are ready. Creating and approving them needs the {role} role.",
  "pane.check": "Check",
  "pane.create": "Create and approve",
  "pane.createDrafts.title":
    "Create the invoices as drafts, look at what the service made of them, then approve",
  "pane.createDrafts": "Create drafts",
  "pane.checkProblems.label": "Problems in the sheet: press one to select its cell",
  "pane.afterApproval.title": "Approved invoices",
  "pane.afterApproval.hint":
    "Select rows of approved invoices, then send them to the customers or credit them. Each is done once: a re-run sends or credits nothing twice.",
  "pane.send": "Send to customers",
  "pane.credit": "Credit",
  "pane.runCard.label": "Run",
  "pane.sendBy": "Send by",
  "pane.channel.email": "Email",
  "pane.channel.post": "Post",
  "pane.confirmInvoices.label": "Invoices this run acts on",
  "pane.creditTyped": "Type the count to confirm",
  "pane.notNow": "Not now",
  "pane.progress.label": "Run progress",
  "pane.cancel": "Cancel",
  "pane.invoiceResults.title": "Invoices of this run",
  "pane.invoiceResults.hint": "Click an invoice to select its rows in the sheet.",
  "pane.drafts.title": "Drafts to review",
  "pane.drafts.hint":
    "The service's own totals and whether it would approve each draft. Click a draft to see the invoice as the customer will; tick drafts to discard them.",
  "pane.approveDrafts": "Approve drafts",
  "pane.approveValid.title":
    "Approve only the drafts the service said it would approve; the others stay drafts with their reasons",
  "pane.approveValid": "Approve only valid",
  "pane.discardDrafts.title":
    "Delete the ticked drafts in the billing service (never an approved invoice)",
  "pane.discardDrafts": "Discard drafts",
  "pane.previewFrame.title": "Invoice preview",
  "pane.insertTemplate": "Insert template",
  "pane.addExampleRow": "Add an example row",
  "pane.lookups.hint": "Find an id, then put it into the active cell or copy it.",
  "pane.lookups.kind": "Look up",
  "pane.lookups.customers": "Customers",
  "pane.lookups.contracts": "Contracts",
  "pane.lookups.taxCodes": "Tax codes",
  "pane.lookups.bankAccounts": "Bank accounts",
  "pane.lookups.billingItems": "Billing items",
  "pane.lookups.serviceLocations": "Service locations",
  "pane.lookups.search": "Search",
  "pane.lookups.results": "Search results",
  "pane.credential": "Credential",
  "pane.credential.none": "None",
  "pane.credential.bearer": "Bearer token (pasted)",
  "pane.credential.gateway": "Sign in with your work account (company gateway)",
  "pane.signIn": "Sign in",
  "pane.signOut": "Sign out",
  "pane.token.show": "Show",
  "pane.headers.title": "Extra headers",
  "pane.headers.hint":
    "Sent on every call, e.g. `zf-tuuid`, `zf-ouuid`, `apim-sub`. Values of secret-looking headers are hidden.",
  "pane.headers.add": "+ Add header",
  "pane.save": "Save",
  "pane.testConnection": "Test connection",
  "pane.useSimulator": "Use the local simulator",
  "pane.lookups.query.customers": "Customer name",
  "pane.baseUrl": "Base URL",
  "pane.signin.directory": "Directory (tenant) id or authority URL",
  "pane.signin.clientId": "Add-in's application id",
  "pane.signin.scope": "Gateway scope",
  "pane.token": "Token",
  "pane.pollInterval": "Polling interval (s, 2–3)",
  "pane.approvalTimeout": "Approval time-out (s)",
  "pane.lookups.query.placeholder": "e.g. Jansen",

  // The connection line and the pane's notes (taskpane.ts).
  "pane.connection.checkingUrl": "Checking {url}…",
  "pane.connection.connected": "Connected: {url}",
  "pane.connection.problem": "{url} — {problem}",
  "pane.signedInAs": "Signed in as {user}",
  "pane.refreshing": "Refreshing: BILLING functions read the service again…",

  // The run card's buttons, busy lines and confirmations (card-view.ts, invoice-run-words.ts).
  "card.cancelling": "Cancelling…",
  "card.approveDraftsCount": { one: "Approve {count} draft", other: "Approve {count} drafts" },
  "card.approveValidCount": "Approve only the {count} valid",
  "card.discardDraftsCount": { one: "Discard {count} draft", other: "Discard {count} drafts" },
  "card.busy.checking": "Reading and checking the selected rows…",
  "card.busy.preparingCredit": "Reading the selected rows and their invoices in the service…",
  "card.busy.preparing":
    "Reading the selected rows and asking the service where each invoice stands…",
  "card.busy.cancelling": "Cancelling: calls in flight finish, nothing new starts…",
  "card.busy.template": "Fetching tax codes, bank accounts and billing items…",
  "card.starting": "starting…",
  // Why the card does not offer what the account's role would have refused (the token's roles).
  "card.role.reader":
    "Your account may read invoices but not create, approve, send or credit them (that needs the {invoice} role). Ask your IT department for it.",
  "card.role.none":
    "Your account has no role for the billing service, so nothing here is offered: checking rows, the template and lookups need the {read} role, creating, approving, sending and crediting the {invoice} role. Ask your IT department for one of them, then sign in again.",
  "card.progress": "{done} of {total} done — {text}",
  "card.elapsed": "{time} so far",
  "card.discard.title": { one: "Discard {count} draft?", other: "Discard {count} drafts?" },
  "card.discard.warning": {
    one: "It is deleted in the billing service and its rows are cleared for a new run. An approved invoice is never deleted.",
    other:
      "They are deleted in the billing service and their rows are cleared for a new run. An approved invoice is never deleted.",
  },
  "card.approve.title": { one: "Approve {count} draft?", other: "Approve {count} drafts?" },
  "card.approveValid.title": {
    one: "Approve the {count} draft the service would approve?",
    other: "Approve the {count} drafts the service would approve?",
  },
  "card.approve.warning":
    "Each gets its official number: an approved invoice cannot be changed or deleted, only credited.",
  "card.nothingToCreate.problems": "Nothing to create: {problems}",
  "card.nothingToCreate.noRows": "Nothing to create: the selection holds no invoice rows.",
  "card.nothingToCreate.allBad": {
    one: "Nothing to create: every invoice has rows with problems ({count} row). Fix them and check again.",
    other:
      "Nothing to create: every invoice has rows with problems ({count} rows). Fix them and check again.",
  },
  "card.plan.continued": {
    one: "{count} invoice created earlier will be continued, not created again.",
    other: "{count} invoices created earlier will be continued, not created again.",
  },
  "card.plan.finished": {
    one: "{count} invoice approved earlier will be left alone.",
    other: "{count} invoices approved earlier will be left alone.",
  },
  "card.plan.unknownColumns":
    "Columns passed through unchanged (not known fields of the service): {columns}.",
  "card.problem.row": "Row {row}: {problems}",
  "card.problem.more": {
    one: "…and {count} more row with problems, marked in the sheet.",
    other: "…and {count} more rows with problems, marked in the sheet.",
  },
  "card.confirm.nothing": {
    one: "Nothing to create or continue: the invoice was approved earlier and will be left alone. Run anyway?",
    other:
      "Nothing to create or continue: all {count} invoices were approved earlier and will be left alone. Run anyway?",
  },
  "card.confirm.toCreate": "{count} to create",
  "card.confirm.toContinue": "{count} to continue",
  "card.confirm.leftAlone": "{count} already approved: left alone",
  "card.confirm.create": "Create and approve: {parts}.",
  "card.confirm.invalid": {
    one: "{count} invoice with problems will not be sent.",
    other: "{count} invoices with problems will not be sent.",
  },
  "card.connection.unreachable":
    "Unreachable: the billing service stopped answering during the run.",
  "card.connection.ok": "Connected",
  "card.pause": "Waiting for the service's rate limit — resumes in {seconds} s.",
  "card.preflight.auth": "Nothing was sent: {problem} Then press Create and approve again.",
  "card.preflight":
    "Nothing was sent: {problem} Check the connection, then press Create and approve again.",

  // The Lookups tab (lookups-model.ts, lookups-panel.ts).
  "lookups.contracts.input": "Contract number or customer id",
  "lookups.nameContains": "Name contains (optional)",
  "lookups.bankAccounts.input": "IBAN or holder contains (optional)",
  "lookups.placeholder": "e.g. {example}",
  "lookups.serviceLocations.input": "Customer name, number or id",
  "lookups.tooLong": "Type at most {max} characters.",
  "lookups.typeSomething": "Type a {what} to search for.",
  "lookups.noneFound": "No {kind} found.",
  "lookups.showing": "Showing {shown} of {total}: narrow the search.",
  "lookups.found": "{count} found.",
  "lookups.detail.customerNumber": "customer number {number}",
  "lookups.detail.customer": "customer {name}",
  "lookups.detail.rate": "rate {rate}%",
  "lookups.detail.default": "default",
  "lookups.detail.fixed": "fixed",
  "lookups.detail.variable": "variable",
  "lookups.detail.perUnit": "{kind}, per {unit}",
  "lookups.putInCell": "Put in cell",
  "lookups.copy": "Copy id",
  "lookups.putIn": "Put in {address}.",
  "lookups.copied": "Copied.",
  "lookups.searching": "Searching…",
  "lookups.noClipboard": "The clipboard is not available here; select the id and copy it by hand.",

  // The custom functions' messages (src/functions).

  // Send and credit, results, drafts, cost report, errors, notes.
  "action.sent.already": {
    one: "{count} invoice already sent (or on its way): not sent again.",
    other: "{count} invoices already sent (or on their way): not sent again.",
  },
  "action.send.refused": {
    one: "{count} refused — nothing is sent for it:",
    other: "{count} refused — nothing is sent for them:",
  },
  "action.writeState": "Write their state to the rows",
  "action.writeReasons": "Write the reasons to the rows",
  "action.send.nothing": "Nothing to send.",
  "action.send.title": {
    one: "Send {count} invoice to its customer?",
    other: "Send {count} invoices to their customers?",
  },
  "action.send.byEmail": "Send {count} by email",
  "action.send.byPost": "Send {count} by post",
  "action.credit.already": {
    one: "{count} invoice already credited: its credit note is written to the rows, nothing is credited again.",
    other:
      "{count} invoices already credited: their credit notes are written to the rows, nothing is credited again.",
  },
  "action.credit.refused": {
    one: "{count} refused — nothing is credited for it:",
    other: "{count} refused — nothing is credited for them:",
  },
  "action.credit.nothing": "Nothing to credit.",
  "action.credit.title": { one: "Credit {count} invoice?", other: "Credit {count} invoices?" },
  "action.credit.total": "Total to be reversed: {incl} incl. VAT ({excl} excl. VAT).",
  "action.credit.totalsMissing": {
    one: "{count} invoice without a total from the service is not in this sum.",
    other: "{count} invoices without a total from the service are not in this sum.",
  },
  "action.credit.warning": {
    one: "This cannot be undone: the invoice gets a credit note with its own number.",
    other: "This cannot be undone: each invoice gets a credit note with its own number.",
  },
  "action.credit.typePrompt": "Type {count} to confirm",
  "action.credit.confirm": { one: "Credit {count} invoice", other: "Credit {count} invoices" },
  "action.refused.more": {
    one: "…and {count} more refusal, explained on their rows.",
    other: "…and {count} more refusals, explained on their rows.",
  },
  "action.invoice.total": "{amount} incl. VAT",
  "action.invoice.noTotal": "no total from the service",
  "action.invoice.more": {
    one: "…and {count} more invoice.",
    other: "…and {count} more invoices.",
  },
  "money.thousands": ",",
  "money.decimal": ".",
  "rows.one": "Row {row}",
  "rows.range": "Rows {first}–{last}",
  "rows.list": "Rows {rows}",
  "results.amount": "{amount} excl. VAT",
  "results.row": "row {row}",
  "results.invoice": "Invoice {ref}",
  "results.statusNumber": "{status}, number {number}",
  "results.select": "{rows}; select in the sheet",
  "results.notSent": {
    one: "Not sent: {rows} has problems (see the message column).",
    other: "Not sent: {rows} have problems (see the message column).",
  },
  "costReport.title": "Cost report",
  "costReport.refresh": "Refresh report",
  "costReport.hint":
    "Select cells with contract ids, then Cost report: a new sheet with every contract's cost lines and a chart. On that sheet, Refresh report reads the service again.",
  "costReport.noIds":
    "The selection ({address}) holds no contract ids: select the cells with the ids, then press Cost report.",
  "costReport.none":
    "There is no cost report yet: select the cells with the contract ids, then press Cost report.",
  "costReport.several":
    "This workbook has {count} cost reports ({sheets}): go to the one to refresh, then press Refresh report.",
  "costReport.sheet": "Cost report",
  "costReport.subtitle": "Costs on {date}; Refresh report in the pane updates this sheet.",
  "costReport.sheetProblems": " {count} problem(s): see the reason column.",
  "costReport.fixedChart": "Fixed costs per contract and product (EUR a year)",
  "costReport.variableChart": "Variable tariffs per contract and product (EUR a unit)",
  "costReport.chart.fixed": "fixed EUR/year",
  "costReport.chart.variable": "variable EUR/unit",
  "costReport.chart.note": "note",
  "costReport.reading": "Reading the contracts' costs…",
  "costReport.problems": "; {count} problem(s), each on its row",
  "costReport.wrote": 'Wrote "{sheet}": {contracts} contract(s), {rows} row(s){problems}.',
  "costReport.refreshed": 'Refreshed "{sheet}": {contracts} contract(s), {rows} row(s){problems}.',
  "drafts.noAnswer": "The service's check did not answer.",
  "drafts.notChecked": "Not checked (cancelled).",
  "drafts.noReason": "The service gave no reason.",
  "drafts.asking": "Asking the service whether it would approve it…",
  "drafts.wouldApprove": "The service would approve it.",
  "drafts.wouldRefuse": "The service would refuse it: {reasons}",
  "drafts.row": "row {row}",
  "drafts.label.draft": "Draft {ref}",
  "drafts.label.sheet": "sheet {amount} excl. VAT",
  "drafts.label.service": "service {amount} excl. VAT",
  "drafts.label.incl": "{amount} incl. VAT",
  "drafts.label.differs": "the service's total differs from the sheet",
  "drafts.label.open": "open its preview",
  "drafts.sheet": "Sheet {amount}",
  "drafts.sheetNone": "Sheet —",
  "drafts.service": "Service {amount} excl.",
  "drafts.serviceNone": "Service —",
  "drafts.mismatch": "The service's total excl. VAT differs from the sheet's amount.",
  "drafts.choose": "Choose draft {ref} ({customer})",
  "drafts.line.total": " — {amount} excl. VAT",
  "drafts.staysDraft": "{ref} stays a draft: {reason}",
  "drafts.othersStay": {
    one: "1 other draft stays as it is.",
    other: "{count} other drafts stay as they are.",
  },
  "drafts.notSaid": "the service has not said.",
  "drafts.ticked": "it is ticked for discard.",
  "drafts.askingAll": "Asking the service whether it would approve them…",
  "drafts.approveAll": "The service would approve every draft.",
  "drafts.refuseSome": "The service would refuse {refused} of {total}; see the reasons below.",
  "drafts.cannotSay": "This service cannot say before approving.",
  "drafts.cannotCheck": "This billing service cannot check drafts before approving them.",
  "refresh.failed": "Not refreshed: {error}",
  "refresh.noAnswer":
    "Not refreshed: the service does not answer ({problem}). BILLING cells show errors until it does; press Refresh again then.",
  "refresh.done": "Refreshed: BILLING functions read the service again.",
  "error.signInFailed": "Sign-in failed: check the token and API key in Connection.",
  "error.settings": "{message}. Fix it in Connection.",
  "error.busy": "The billing service is busy (too many requests). Try again in a minute.",
  "error.failedStatus": "The billing service failed (HTTP {status}). Try again in a moment.",
  "error.unreachable":
    "The billing service cannot be reached. Check the base URL in Connection and use Test connection.",
  "error.notService":
    "The address in Connection did not answer like the billing service. Check the base URL.",
  "error.notFound": "Not found: {message}",
  "error.refused": "The billing service refused it: {message}",
  "error.unknown": "Something went wrong.",
  "error.unknownWith": "Something went wrong: {message}",
  "template.list.customers": "Customer",
  "template.list.taxCodes": "Tax code",
  "template.list.bankAccounts": "Bank account",
  "template.list.billingItems": "Billing item",
  "template.list.notInList": "{what} not in the list",
  "template.list.pickId": "Pick a {what} id from the drop-down list.",
  "template.list.prompt": "Pick from the list; the name shows in the #{column} column.",
  "template.sheet": "Invoices",
  "template.added": 'Added the sheet "{sheet}". Fill in rows, select them and press Check.',
  "template.example":
    'Added an example invoice on row {row} of "{sheet}" and selected it. Press Create and approve.',
  "template.exampleReader":
    'Added an example invoice on row {row} of "{sheet}" and selected it. Press Check to see that it is ready.',
  "invoices.lookAlike.twice":
    "{rows} look like one invoice twice ({labels}: same customer, lines and amounts). Each would become an invoice of its own; check before creating.",
  "invoices.lookAlike.times":
    "{rows} look like one invoice {times} times ({labels}: same customer, lines and amounts). Each would become an invoice of its own; check before creating.",
  "invoices.actingOn": {
    one: "Acting on the {count} row you checked ({rows}), not only on the problem cell the Check selected.",
    other:
      "Acting on the {count} rows you checked ({rows}), not only on the problem cell the Check selected.",
  },
  "invoices.selectCell": "Select the cell of row {row} in the sheet",
  "window.stillInFlight":
    "Still in flight: {what}. Keep the workbook open until it ends; if it closes now, the run stops where it is, and the next run on these rows settles what it left open.",

  // The functions' lookups, dates, INVOICES and TARIFFHISTORY.

  // The Connection tab and the credit prompt.
  "connection.hint.none": "No credential: for the local simulator, or a service that needs none.",
  "connection.hint.bearer":
    "Base URL is the billing service's address; paste the token IT gave you, and add the headers it needs (zf-tuuid, zf-ouuid, apim-sub).",
  "connection.hint.gateway":
    "Base URL is your company gateway's address; no headers needed. Sign in with your work account.",
  "connection.savedSecret": "•••• saved — type to replace",
  "connection.pasteToken": "Paste the bearer token",
  "connection.secretMoved":
    "{what} was saved for {from}; type it again to use it with {to} (a secret is only sent to the address it was entered for).",
  "connection.newBaseUrl": "the new base URL",
  "connection.theToken": "The token",
  "connection.headerValue": 'The value of header "{name}"',
  "connection.headerNameRequired": "Header name is required.",
  "connection.headerTwice": 'Header "{name}" is listed twice.',
  "connection.headerNeedsValue": 'Header "{name}" needs a value.',
  "connection.pollInterval": "Polling interval must be a number of seconds (2 to 3).",
  "connection.approvalTimeout": "Approval time-out must be a number of seconds.",
  "connection.label.baseUrl": "Base URL",
  "connection.label.token": "Token",
  "connection.label.credential": "Credential",
  "connection.label.directory": "Directory",
  "connection.label.clientId": "Application id",
  "connection.label.scope": "Gateway scope",
  "connection.label.pollInterval": "Polling interval",
  "connection.label.approvalTimeout": "Approval time-out",
  "connection.label.secretHeaders": "Secret headers",
  "connection.label.headers": "Headers",
  "connection.label.settings": "Settings",
  "connection.label.header": 'Header "{name}"',
  "connection.notValid": "The settings are not valid.",
  "connection.itSignIn":
    "Set by IT: the base URL and the sign-in settings came with the add-in. Just sign in; ask IT to change them.",
  "connection.itBaseUrl": "Set by IT: the base URL came with the add-in; ask IT to change it.",
  "connection.itBad":
    "The connection settings that came with the add-in are not valid ({problems}), so the add-in sends nothing. Ask IT for a corrected add-in.",
  "connection.backToIt": "Back to the settings from IT",
  "connection.notSaved": "Not saved: fix the fields marked in red.",
  "connection.saved": "Saved. The next call uses these settings.",
  "connection.testing": "Testing {url}…",
  "connection.backToSimulator": "Back to the local simulator.",
  "connection.backToItDone": "Back to the settings from IT.",
  "connection.notSignedIn": "Not signed in: nothing is sent to the gateway until you sign in.",
  "connection.signedIn": "Signed in as {user}.",
  "connection.signedInOffice": "Signed in as {user} (your Office account).",
  "connection.fixThenSignIn": "Fix the fields marked in red, then press Sign in.",
  "connection.signingIn": "Signing in…",
  "connection.headerName": "Header name",
  "connection.headerNamePlaceholder": "name",
  "connection.headerValueLabel": "Header value",
  "connection.secret": "Secret",
  "connection.remove": "Remove",
  "card.typeExactly": "Type {count} exactly: the number of invoices to credit.",
  "card.nothingToSend":
    "Nothing to send: select the rows of approved invoices (with their header row on top).",
  "card.nothingToCredit":
    "Nothing to credit: select the rows of approved invoices (with their header row on top).",
  "connection.valuePlaceholder": "value",

  // Test connection's verdicts.
  "test.withheld": {
    one: "Not sent: {list} (saved {where}; a secret is only sent to the address it was entered for). Type it again to test with it.",
    other:
      "Not sent: {list} (saved {where}; a secret is only sent to the address it was entered for). Type them again to test with them.",
  },
  "test.savedFor": "for {address}",
  "test.savedForOther": "for another address",
  "test.cors":
    "The billing service (or the gateway in front of it) must answer CORS requests from this add-in:",
  "test.ok": "Connected: the billing service at {url} answered.",
  "test.notBilling": "Wrong URL: {url} answered, but it is not the billing service.",
  "test.rootAddress":
    "Use the service's root address (scheme, host and port), without /api or another path.",
  "test.blockedCors":
    "Blocked by CORS: {url} answers, but the browser may not let the add-in read it.",
  "test.unreachable": "Unreachable: nothing answers at {url}.",
  "test.checkHost":
    "Check the host name and port, that the service is running, and your network or VPN.",
  "test.noAnswerRead":
    "No answer could be read from {url}: the host is unreachable or the answer is blocked by CORS.",
  "test.checkHostRuns": "Check the host name and that the service runs.",
  "test.timeout": "No answer from {url} in time.",
  "test.timeoutDetail": "The host may be unreachable (firewall, VPN) or the service overloaded.",
  "test.refused": "The billing service refused the credentials (HTTP {status}).",
  "test.refusedDetail":
    "Check the bearer token and the API key header (apim-sub), and the zf-tuuid / zf-ouuid headers.",
  "test.noEndpoints": "Wrong URL: {url} has no billing service endpoints (HTTP {status}).",
  "test.busy": "The billing service is reachable but busy (HTTP 429). Try again in a minute.",
  "test.failed": "The billing service is reachable but failed (HTTP {status}).",
  "test.tryLater": "Try again later; if it persists, tell the service's administrators.",
  "test.answered": "The billing service answered HTTP {status}.",

  // The sign-in dialog's page (src/signin-dialog).
  "dialog.openFromPane":
    "This page signs in for the Billing add-in; open it from the add-in's Connection tab.",
  "dialog.signedIn": "Signed in. This window closes.",
  "dialog.failed": "Sign-in failed.",
  // The preview's own header (preview.html's `data-i18n`, put in by preview/preview.ts), in the
  // language of `?lang=`: a development tool, but what a Dutch demo shows around the pane.
  "preview.cell.argumentError": "An argument is the error {code}.",
  "preview.cell.notANumber": '"{value}" is not a number.',
  "preview.cell.rangeForValue": "A range was given where one value belongs.",
  "preview.cell.notEvaluated":
    "Not evaluated by the preview (only {namespace} functions are): {formula}",
  "preview.cell.unknownFunction": "Unknown function {name}.",
  "preview.cell.calculating": "Calculating…",
  "preview.cell.notRegistered": "The add-in has not registered {name}.",
  "preview.cell.tooManyArguments": "{name} takes at most {count} arguments.",
  "preview.cell.argumentRequired": "The argument {name} is required.",
  "preview.cell.notACell": "{address} is not a cell.",
  "preview.cell.noFields": "{address} holds no data type with fields.",
  "preview.cell.spillBlocked":
    "The spill range isn't blank: clear the cells below and to the right.",
  "preview.simulator": "Simulator:",
  "preview.paneTitle": "Billing — task pane",
  "preview.title": "Preview — Billing for Excel (development and demo tool, not Excel)",
  "preview.newSheet": "New sheet",
  "preview.openList": "Open the list",
  "preview.filter": "Filter {column}",
  "preview.selectAll": "(Select all)",
  "preview.blanks": "(Blanks)",
  "preview.retry": "Retry",
  "preview.cancel": "Cancel",
  "preview.limits": "limits per sync: 5 MB, 5 million cells",
  "preview.sheetBase": "Sheet",
  "preview.label": "Preview — development and demo tool, not Excel",
  "preview.service": "Company service (IT's connection):",
  "preview.about":
    "A small in-browser workbook behind the add-in's Excel calls; the task pane and the BILLING functions are the real ones.",
  "preview.exampleSheet": "Example functions sheet",
  "preview.recalculate": "Recalculate",
  "preview.loadingFunctions": "Loading functions…",
  "preview.workbook": "Preview workbook",
  "preview.nameBox": "Name box (address of the selection)",
  "preview.formulaBar": "Formula bar",
  "preview.cells": "Cells",
  "preview.sheets": "Sheets",
  "preview.taskPane": "Task pane",
  "preview.host": "Host: {name}",
  "preview.functionsDescribed": "{count} functions described",
  "preview.noMetadata": "functions.json not found",
  "preview.functionsRegistered": "{count} functions registered by the task pane",
} as const;
