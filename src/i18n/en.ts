/**
 * The English messages: the reference catalogue. Every key here must be in nl.ts too (a type error
 * otherwise), with the same `{placeholders}`. Keys are grouped by where they show: `pane.*` the task
 * pane's page (taskpane.html's `data-i18n` attributes, whose English text must equal these),
 * `card.*` the run card, `lookups.*` the Lookups tab, `fn.*` the custom functions' messages.
 * In a pane text, `*word*` is shown bold and `` `word` `` as code (taskpane/page-words.ts).
 */
export const en = {
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
  "lookups.putInCell": "Put in cell",
  "lookups.copy": "Copy id",
  "lookups.putIn": "Put in {address}.",
  "lookups.copied": "Copied.",
  "lookups.searching": "Searching…",
  "lookups.noClipboard": "The clipboard is not available here; select the id and copy it by hand.",

  // The custom functions' messages (src/functions).
  "fn.cancelled": "The calculation was cancelled; recalculate to retry.",
  "fn.timeout": "{message} Check the connection settings, then Refresh.",
  "fn.settings": "{message}. Fix them in the task pane, then Refresh.",
  "fn.auth":
    "Sign-in failed at {host}: set a valid token and API key in the task pane, then Refresh.",
  "fn.busy":
    "The billing service at {host} is busy (too many requests): wait a minute, then Refresh.",
  "fn.gateway": "{problem} Refresh once IT has fixed it.",
  "fn.unreachable":
    "Cannot reach the billing service at {host}: check the connection settings and the network, then Refresh.",
  "fn.notFound": "Not found: {message}",
  "fn.refused": "The billing service refused the request: {message}",
  "fn.failed": "The billing service failed: {message}",
  "fn.unexpected": "Unexpected error: {message}",
  "fn.configuredAddress": "the configured address",
  "fn.value.number": "the number {value}",
  "fn.value.boolean": "the value {value}",
  "fn.value.empty": "an empty value",
  "fn.value.other": "a value of another kind",
  "fn.arg.emptyRange": "an empty range",
  "fn.arg.range": "a {rows}×{cols} range",
  "fn.arg.singleCell": "{label} must be a single cell, not {size}.",
  "fn.arg.errorValue": "{label} is the error {code}: fix the cell it comes from first.",
  "fn.arg.idEmpty":
    "{label} is empty: give the {label} (an id such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301).",
  "fn.arg.idNotText": "{label} must be text (an id), not {value}.",
  "fn.arg.notId":
    "{label} {value} is not an id: ids look like 3f2504e0-4f89-11d3-9a0c-0305e82c3301.",
  "fn.arg.textEmpty": "{label} is empty: give the {label} to look up.",
  "fn.arg.textOrWhole": "{label} must be text or a whole number, not {value}.",
  "fn.arg.notText": "{label} must be text, not {value}.",
} as const;
