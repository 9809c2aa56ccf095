/**
 * The invoice engine's messages in English (the reference for invoices-nl.ts): Check's summary and
 * each row's problems (`check.*`, `num.*`, `date.*`), a run's words (`run.*`), the reasons an error
 * is given on a row (`err.*`). src/invoices says them with the `say` the pane passes in
 * (`sayIn(language)`); kept apart from the pane's own messages so that a bundle carries only these.
 */
export const enInvoices = {
  // Check: the selection as a whole.
  "check.noHeader":
    "The selection has no header row: the top row must name the columns (customerId, taxCodeId, …).",
  "check.noRows": "The selection has no rows with invoice data below the header row.",
  "check.columnTwice":
    "The column {column} appears twice (columns {first} and {second}); keep one.",
  "check.noCustomerColumn": "The sheet has no customerId column; every invoice needs a customer.",
  "check.noTaxCodeColumn": "The sheet has no taxCodeId column; every line needs a tax code.",
  "check.noBankColumn":
    "The sheet has neither a companyBankAccountId nor a propertyGroupId column; every invoice needs a bank account.",
  "check.misspelt":
    'The header "{header}" in column {letter} looks like a misspelling of {meant}, and there is no {meant} column; rename it to {meant}, or the billing service will not see it',
  // Check: how an invoice and a cell are named in a row's problem.
  "check.label.ref": 'invoice "{ref}"',
  "check.label.row": "row {row}",
  "check.rows": { one: "row {first}", other: "rows {first}–{last}" },
  "check.value": "{column} {value} in {cell}",
  "check.list": "{list} and {last}",
  // Check: a row's problems.
  "check.cellError": "cell {cell} ({column}) holds {error}; fix the value or the formula",
  "check.idHint":
    "is not a billing service id (a UUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301)",
  "check.dateHint":
    "is not a date the add-in can read; write it as an ISO date such as 2026-03-01 (or 2026-03-01T00:00:00+01:00), or enter it as an Excel date",
  "check.localDateHint":
    "is not a date the add-in can read; write it as {local} (this workbook's order{culture}) or as an ISO date such as 2026-03-01, or enter it as an Excel date",
  "check.notOneOf": "is not one of {values}",
  "check.nothingToBill.noColumns":
    "Nothing to bill in row {row}: the sheet has no quantity, unitPrice, amount or description column; add the columns that say what the line charges",
  "check.nothingToBill.empty": {
    one: "Nothing to bill in row {row}: {list} is empty; fill in what the line charges (a quantity and unit price, an amount, or a description)",
    other:
      "Nothing to bill in row {row}: {list} are empty; fill in what the line charges (a quantity and unit price, an amount, or a description)",
  },
  "check.tooLong": "{column} in {cell} is {length} characters long; the limit is {limit}",
  "check.taxCodeEmpty": "taxCodeId is empty in {cell}; every line needs a tax code id",
  "check.negative": "{column} {value} in {cell} is negative: {reason}",
  "check.negativeReason":
    "negative amounts are not allowed on an incidental invoice; make a credit note in the billing service",
  "check.endBeforeStart": "endDateTime in {end} is before startDateTime in {start}",
  "check.differs":
    "{column} {value} in {cell} differs from {winner} on row {row} of {label}; all rows of one invoice must have the same {column}",
  "check.customerEmpty": "customerId is empty for {label}; every invoice needs a customer id",
  "check.bankEmpty":
    "companyBankAccountId and propertyGroupId are both empty for {label}; give the bank account, or the property group whose bank account is used",
  "check.stray": {
    one: "This row is not on invoice {invoiceId}, which was created earlier from row {rows} of {label}, so it has not been invoiced; give it an invoiceRef of its own to invoice it separately",
    other:
      "This row is not on invoice {invoiceId}, which was created earlier from rows {rows} of {label}, so it has not been invoiced; give it an invoiceRef of its own to invoice it separately",
  },
  "check.shared.invoiceId": "an invoice id belongs to one invoice only",
  "check.shared.externalReference": "a reference belongs to one invoice only",
  "check.shared.invoiceNum": "an invoice number belongs to one invoice only",
  "check.shared.clearCopy":
    "If a row was copied, clear invoiceId, externalReference, status and invoiceNum in the copy so that it is invoiced on its own",
  "check.shared.ownNumber":
    "Give each invoice its own number, or leave invoiceNum empty so that the billing service numbers it",
  "check.shared.alsoOn": "{column} {value} in {cell} is also on {others}; {rule}. {fix}",
  "check.shared.copied":
    "{column} {value} in {cell} is copied from {original} ({rows}), which is approved; this row is a copy and is not on that invoice. {fix}",
  "check.stale.withNumber":
    'status "{status}" in {statusCell} and invoiceNum "{number}" in {numberCell} are left from an earlier invoice, but invoiceId and externalReference are empty, so the number would be sent again. To invoice this row anew, clear status and invoiceNum; to continue the earlier invoice, put its invoiceId back',
  "check.stale":
    'status "{status}" in {statusCell} is left from an earlier invoice, but invoiceId and externalReference are empty. To invoice this row anew, clear status; to continue the earlier invoice, put its invoiceId back',
  // Check: the ids looked up in the service.
  "check.unknownId":
    "{column} {id} in {cell} is not known to the billing service (no such {noun}); {fix}",
  "check.id.customer": "customer",
  "check.id.customer.fix": "pick the customer again (Lookups tab, or the list)",
  "check.id.bankAccount": "bank account",
  "check.id.bankAccount.fix": "pick the bank account again from the list",
  "check.id.taxCode": "tax code",
  "check.id.taxCode.fix": "pick the tax code again from the list",
  "check.id.billingItem": "billing item",
  "check.id.billingItem.fix": "pick the billing item again from the list",
  "check.id.serviceLocation": "service location",
  "check.id.serviceLocation.fix": "look the customer's service locations up (Lookups tab)",
  "check.id.contract": "contract",
  "check.id.contract.fix": "look the contract up by its number (Lookups tab)",
  "check.id.propertyGroup": "property group billing configuration",
  "check.id.propertyGroup.fix": "check the propertyGroupId, or give a companyBankAccountId instead",
  "check.contractNumber":
    'contractNumber "{number}" in {cell} is not the number of contract {contract} in {contractCell} ({actual}); correct one of them, or leave contractNumber empty',
  "check.idCell": "{column} in {cell}",
  "check.notChecked": {
    one: "Not checked with the billing service (it did not answer): {cells}. {reason} Check again to look it up; a run lets the service check it on create.",
    other:
      "Not checked with the billing service (it did not answer): {cells}. {reason} Check again to look them up; a run lets the service check them on create.",
  },
  "check.andMore": "{cells} and {more} more",
  "check.idsNotChecked": "The ids were not checked with the billing service: {why}",
  // Check: the summary line.
  "check.summary.rows": { one: "{count} row", other: "{count} rows" },
  "check.summary.invoices": { one: "{count} invoice", other: "{count} invoices" },
  "check.summary.lines": { one: "{count} line", other: "{count} lines" },
  "check.summary.ready": "{invoices} ready ({details})",
  "check.summary.toContinue": "{count} to continue",
  "check.summary.alreadyApproved": "{count} already approved",
  "check.summary.withProblems": "{invoices} with problems ({rows}; problems in {problems})",
  // Numbers, amounts and flags typed in the sheet.
  "num.notFinite": "is not a finite number",
  "num.boolean": "is TRUE/FALSE, not a number",
  "num.comma":
    "contains a comma; write numbers with a dot for decimals and without thousands separators (for example 1234.5)",
  "num.notNumber": "is not a number",
  "num.dotDecimal":
    'uses "." as the decimal point, but this workbook writes decimals with "{dec}"; write {fixed}',
  "num.notNumberLocal": "is not a number (for example 1250{dec}5 or 12{dec}50)",
  "num.ambiguousGroup":
    'is ambiguous: "{group}" separates thousands in this workbook, but reads as a decimal point elsewhere; write {plain} without the separator (or {whole}{dec}00)',
  "num.ambiguousDecimal":
    'is ambiguous: "{dec}" is this workbook\'s decimal separator, but {text} reads as thousands elsewhere; write {text}0 for the decimal number, or {whole}{fraction} for the whole number',
  "num.cents": "has more than 2 decimals; round it to the cent (for example with =ROUND(…;2))",
  "num.notBoolean": "is not TRUE or FALSE",
  // What was being done when an error came (a row's message: "Could not create the invoice: …").
  "act.lookIdsUp": "look the ids up",
  "act.createInvoice": "create the invoice",
  "act.approveInvoice": "approve the invoice",
  "act.readInvoice": "read the invoice",
  "act.readApprovalState": "read the invoice's approval state",
  "act.continueInvoice": "continue the invoice",
  "act.searchByReference": "search by reference",
  "act.findByReference": "look up the invoice by its reference",
  "act.checkDraft": "check the draft",
  "act.wouldApprove": "say whether it would approve the draft",
  "act.deleteDraft": "delete the draft",
  "act.deleteIt": "delete it",
  "act.sendIt": "send it",
  "act.creditIt": "credit it",
  "act.readBeforeActing": "read the invoice before acting on it",
  // A client error in one sentence ({action} is one of act.*; {words} the service's own text).
  "err.refused": "The billing service refused to {action}: {words}.",
  "err.refusedStatus": "The billing service refused to {action} (HTTP {status}).",
  "err.notFound": "Could not {action}: the billing service does not know it (not found).",
  "err.busy": "Could not {action}: the billing service is busy (too many requests).",
  "err.gateway": "Could not {action}: {problem}",
  "err.unavailable":
    "Could not {action}: the billing service could not be reached or did not answer in time.",
  "err.cut": "The connection broke while trying to {action}; the outcome is unknown.",
  "err.unexpected": "Could not {action}: unexpected problem ({text}).",
  // A run on the sheet's invoice lines: each invoice state as counted ("3 approved").
  "run.state.queued": "waiting",
  "run.state.creating": "creating",
  "run.state.created": "created",
  "run.state.approving": "approving",
  "run.state.approved": "approved",
  "run.state.failed": "failed",
  "run.state.pending": "still approving",
  "run.state.unknown": "outcome unknown",
  "run.state.notSent": "not sent",
  "run.state.invalid": "invalid",
  "run.state.cancelled": "cancelled",
  "run.state.approvedEarlier": "approved earlier",
  "run.state.creditedEarlier": "credited earlier",
  "run.starting": "starting…",
  "run.nothingToDo": "nothing to do",
  "run.earlier.approved": "{count} approved earlier: left alone",
  "run.earlier.credited": "{count} credited earlier: left alone",
  // The headline: the first count is said with its noun ("1 invoice failed, 14 approved …").
  "run.head.failed": "{count} failed",
  "run.head.unknown": "{count} with an open outcome",
  "run.head.invalid": "{count} not sent (problems in the sheet)",
  "run.head.approved": "{count} approved by this run (numbers in {where})",
  "run.head.found":
    "{count} found already approved under their references (made earlier, not billed again; numbers in {where})",
  "run.head.column": "column {column}",
  "run.head.numberColumn": "the invoiceNum column",
  "run.head.kept": {
    one: "{count} left a draft (the service would refuse it)",
    other: "{count} left drafts (the service would refuse them)",
  },
  "run.head.drafted": "{count} created as drafts to review",
  "run.head.open": "{count} still open",
  "run.head.none": "No invoice approved.",
  "run.head.unchanged": "Nothing changed by this run: {parts}.",
  "run.head.stopped": "Stopped: {reason}",
  "run.nothing.approved": {
    one: "Nothing changed: the invoice was approved earlier and is left alone.",
    other: "Nothing changed: all {count} invoices were approved earlier and are left alone.",
  },
  "run.nothing.credited": {
    one: "Nothing changed: the invoice was credited earlier and is left alone.",
    other: "Nothing changed: all {count} invoices were credited earlier and are left alone.",
  },
  "run.nothing.both": {
    one: "Nothing changed: the invoice was approved or credited earlier and is left alone.",
    other:
      "Nothing changed: all {count} invoices were approved or credited earlier and are left alone.",
  },
  // The lines under the headline, problems first.
  "run.detail.failed": {
    one: "{count} invoice failed: the reason is on its rows.",
    other: "{count} invoices failed: the reason is on their rows.",
  },
  "run.detail.unknown": {
    one: "{count} invoice with an open outcome: see the message on its rows — run again to settle it.",
    other:
      "{count} invoices with an open outcome: see the message on their rows — run again to settle them.",
  },
  "run.detail.invalid": {
    one: "{count} invoice not sent because of problems in the sheet: fix the rows marked invalid.",
    other:
      "{count} invoices not sent because of problems in the sheet: fix the rows marked invalid.",
  },
  "run.detail.created": {
    one: "{count} invoice created by this run.",
    other: "{count} invoices created by this run.",
  },
  "run.detail.approvingStopped": {
    one: "{count} invoice was already sent for approval and will be approved by the service; run again to pick up its numbers.",
    other:
      "{count} invoices were already sent for approval and will be approved by the service; run again to pick up their numbers.",
  },
  "run.detail.approving": {
    one: "{count} invoice still approving — run again to continue.",
    other: "{count} invoices still approving — run again to continue.",
  },
  "run.detail.kept": {
    one: "{count} invoice left a draft: the service would not approve it as it is — the reasons are on its rows.",
    other:
      "{count} invoices left drafts: the service would not approve them as they are — the reasons are on their rows.",
  },
  "run.detail.drafts": {
    one: "{count} invoice created as drafts: review it below, then approve it there.",
    other: "{count} invoices created as drafts: review them below, then approve them there.",
  },
  "run.detail.createdNotApproved": {
    one: "{count} invoice created, not approved yet — run again to approve it.",
    other: "{count} invoices created, not approved yet — run again to approve them.",
  },
  "run.detail.notSentRole": {
    one: "{count} invoice not sent: your account may not do this, so running again will not help.",
    other:
      "{count} invoices not sent: your account may not do this, so running again will not help.",
  },
  "run.detail.notSent": {
    one: "{count} invoice not sent: it never reached the billing service — run again to send it.",
    other:
      "{count} invoices not sent: they never reached the billing service — run again to send them.",
  },
  "run.detail.cancelled": {
    one: "{count} invoice not started because the run was cancelled — run again to create it.",
    other: "{count} invoices not started because the run was cancelled — run again to create them.",
  },
  "run.detail.rateLimited": {
    one: "{count} invoice waiting for the service's rate limit — run again to continue.",
    other: "{count} invoices waiting for the service's rate limit — run again to continue.",
  },
  "run.detail.notStartedRole": {
    one: "{count} invoice not started: your account may not do this, so running again will not help.",
    other:
      "{count} invoices not started: your account may not do this, so running again will not help.",
  },
  "run.detail.notStarted": {
    one: "{count} invoice not started — run again to create it.",
    other: "{count} invoices not started — run again to create them.",
  },
  // A stopped run: the first words of its summary line, and of its headline.
  "run.stop.line.cancelled": "Cancelled",
  "run.stop.line.auth": "Stopped: sign in again",
  "run.stop.line.sheetWrite": "Stopped: the sheet could not be updated",
  "run.stop.line.unreachable": "Stopped: the billing service could not be reached",
  "run.stop.line.rateLimited":
    "Stopped: waiting for the billing service's rate limit — run again to continue",
  "run.stop.cancelled": "Cancelled.",
  "run.stop.auth": "Stopped: Sign-in failed: check the token and API key in Connection.",
  "run.stop.sheetWrite":
    "Stopped: writing to the sheet failed. Make sure the sheet is not protected or being edited.",
  "run.stop.unreachable": "Stopped: the billing service could not be reached.",
  "run.stop.rateLimited":
    "Stopped: waiting for the billing service's rate limit — run again to continue.",
  // The technical summary line: "10 approved, 1 failed in 12.3 s (52 requests)".
  "run.summary.none": "no invoices",
  "run.summary": {
    one: "{what} in {seconds} s ({count} request)",
    other: "{what} in {seconds} s ({count} requests)",
  },
  "act.readBackAfterApprove": "read the invoice back after approving",
  // A row's message after a run (the sheet's `message` column).
  "row.lead.notSent": "Not sent",
  "row.lead.notContinued": "Not continued",
  "row.rows": { one: "row {rows}", other: "rows {rows}" },
  "row.sibling": {
    one: "{lead}: {rows} of {label} has a problem.",
    other: "{lead}: {rows} of {label} have problems.",
  },
  "row.notSent": "Not sent.",
  "row.stop.cancelled": "The run was cancelled.",
  "row.stop.sheetWrite": "The run stopped because the sheet could not be updated.",
  "row.stop.unreachable": "The billing service could not be reached.",
  "row.stop.rateLimited": "The billing service kept asking to wait (its rate limit).",
  "row.waitingForLimit": "Waiting for the service's limit — run again to continue.",
  "row.problem": "The billing service reported a problem with the invoice: {words}.",
  "row.noDetails": "no details given",
  "row.generationFailed":
    "The billing service could not generate the invoice (status generationfailed).",
  "row.draft": "Draft: review it, then approve it in the pane or run again.",
  "row.createdNotApproved": "Created, not approved yet.",
  "row.stillApproving": "Still approving — run again to continue.",
  "row.notCreated": "Not created.",
  "row.nothingSent": "Nothing was sent.",
  "row.notSentColon": "Not sent:",
  "row.nothingReached": "nothing reached the billing service.",
  "row.notChecked": "Not checked.",
  "row.again.approve": "Run again to approve it.",
  "row.again.create": "Run again to create it.",
  "row.again.send": "Run again to send it.",
  "row.again.continue": "Run again to continue.",
  "row.again.lookUp": "Run again to look it up.",
  "row.cutAfterCreate":
    "The connection broke after the invoice was sent, and reading it back by its reference {ref} failed too, so whether it was created is still open; it was not sent again.",
  "row.referenceOpen":
    "Whether an invoice with the reference {ref} exists is still open: looking it up failed.",
  "row.secondUnchecked":
    "Whether a second invoice carries its reference {ref} could not be checked ({why}); run again to check.",
  "row.secondPastDraft":
    "A second invoice {id} carries the same reference and is past draft (status {status}); check it in the billing service.",
  "row.existsNotFound":
    "The billing service says an invoice with reference {ref} exists, but none was found by that reference; check in the billing service.",
  "row.cutWhileSending": {
    one: "The connection broke {count} time while the invoice was sent, and the billing service holds none with its reference {ref}.",
    other:
      "The connection broke {count} times while the invoice was sent, and the billing service holds none with its reference {ref}.",
  },
  "row.readBackFailed":
    "{said} Reading it back failed too, so whether the approval went through is still open.",
  "row.bulkStillDraft":
    "The billing service answered the bulk approval, but still holds it as a draft.",
  "row.bulkRefused": "The billing service refused to approve it: {words}.",
  "row.noReason": "no reason given",
  "row.noBankAccount":
    "The billing configuration of property group {id} has no bank account; fill in companyBankAccountId.",
  "row.noSuchInvoice":
    "The billing service has no invoice {id} (not found); check the invoiceId, or clear invoiceId, externalReference and status to create the invoice anew.",
  "row.claim.conflict":
    "{count} invoices in the billing service carry the reference {ref} and are past draft; check them there and put the right invoice's id in invoiceId.",
  "row.claim.second": "A second invoice {id} with the same reference ({cause})",
  "row.claim.cause":
    "a create sent twice on the way, or another pane creating the same invoice at the same moment",
  "row.claim.deleted": "{what} was a draft and has been deleted.",
  "row.claim.causeFound":
    "this run's own create, sent before it found {id} under the same reference",
  "row.claim.stillThere":
    "{what} is still in the billing service as a draft; it was not approved. Delete it there ({why})",
  "row.claim.deletedByOther":
    "The draft {id} was deleted by another run that created the same invoice at the same moment; run again to create it.",
  "row.claim.nowHolds":
    "This row now holds {id}, the first invoice created under its reference {ref}.",
  "row.match.foreign":
    "Invoice {id} also carries this row's reference {ref}, but it is not this row's invoice ({field} {held} where the row says {row}); it was left alone.",
  "row.match.onlyForeign":
    "Not created: the billing service already holds invoice {id} under this row's reference {ref}, and it is not this row's invoice ({field} {held} where the row says {row}). Nothing was approved or deleted. Ask who made {id}; to bill this row, put a new reference in externalReference and run again.",
  "row.repeat":
    "Not billed: this row looks like {what}, made from this sheet on {date} under the same reference {ref}. If it is that invoice, put {id} in invoiceId; to bill it again, put a new reference in externalReference (for example {ref}-2). Then run again.",
  "row.repeat.numbered": "invoice {num} ({status})",
  "check.repeat":
    "Looks like {what} of {date}, made from this sheet under the same reference {ref}: not sent again. If it is that invoice, put {id} in invoiceId; to bill it again, put a new reference in externalReference (for example {ref}-2).",
  "check.foreign":
    "The billing service already holds invoice {id} under this row's reference {ref}, and it is not this row's invoice ({field} {held} where the row says {row}); ask who made it, or put a new reference in externalReference.",
  "check.references.found": {
    one: "Row {rows} is already in the billing service under its reference (made in this sitting: a run whose results were undone, or another pane): the run takes that invoice, nothing is billed twice.",
    other:
      "Rows {rows} are already in the billing service under their references (made in this sitting: a run whose results were undone, or another pane): the run takes those invoices, nothing is billed twice.",
  },
  "check.references.unchecked":
    "What the billing service already holds under the rows' references could not be checked ({why}); the run checks it again before it creates anything.",
  "check.changedSince":
    "Rows {rows} no longer say what their invoice {id} holds (edited since it was made): the invoice stands as it is; to bill the difference, credit it and bill the rows anew.",
  "check.orphan":
    "{what} ({id}), made from this sheet on {date}, is held by no selected row: if a row was edited after Ctrl+Z of its results, that invoice still stands in the billing service; credit it if it should not.",
  "row.repeat.draft": "the draft {id}",
  "row.claim.foundEarlier":
    "Found {id}, made under this row's reference on {date} (an earlier run of these rows, or another pane): this row holds it, nothing was billed twice.",
  "row.claim.rounds":
    "{rounds} searches still found several drafts created at the same moment under the reference {ref}; none was approved. Run again to settle them.",
  "act.approveInvoices": "approve the invoices",
  // Send, credit and discard runs (id runs): each invoice's state per action.
  "id.state.queued": "waiting",
  "id.state.failed": "failed",
  "id.state.unknown": "outcome unknown",
  "id.state.refused": "refused",
  "id.state.waiting": "waiting for the rate limit",
  "id.state.cancelled": "cancelled",
  "id.send.working": "sending",
  "id.send.done": "sent",
  "id.send.alreadyDone": "sent earlier",
  "id.send.pending": "still on its way",
  "id.send.notSent": "not sent",
  "id.credit.working": "crediting",
  "id.credit.done": "credited",
  "id.credit.alreadyDone": "credited earlier",
  "id.credit.pending": "still crediting",
  "id.credit.notSent": "not sent",
  "id.discard.working": "discarding",
  "id.discard.done": "discarded",
  "id.discard.alreadyDone": "gone earlier",
  "id.discard.pending": "still discarding",
  "id.discard.notSent": "not discarded",
  // The infinitive and past participle of each action ("run again to send them", "not sent").
  "id.send.verb": "send",
  "id.credit.verb": "credit",
  "id.discard.verb": "discard",
  "id.send.participle": "sent",
  "id.credit.participle": "credited",
  "id.discard.participle": "discarded",
  "id.word.done": "done",
  // An id run's headline: problems first, then what it did.
  "id.head.failed": "{count} failed",
  "id.head.unknown": "{count} with an open outcome",
  "id.head.pending": "{count} still being sent",
  "id.head.notDone": "{count} not {participle}",
  "id.head.waiting": "{count} waiting for the service's limit",
  "id.head.cancelled": "{count} cancelled",
  "id.head.refused": "{count} refused",
  "id.head.nothing": "nothing to do",
  "id.head.unchanged": "Nothing changed: {body}",
  "id.done.sent": "{count} sent",
  "id.done.skipped": "{count} skipped by the service",
  "id.done.alreadySent": "{count} already sent",
  "id.done.credited": { one: "{count} invoice credited", other: "{count} invoices credited" },
  "id.done.creditedTotal": {
    one: "{count} invoice credited ({total} incl. VAT reversed)",
    other: "{count} invoices credited ({total} incl. VAT reversed)",
  },
  "id.done.alreadyCredited": "{count} already credited",
  "id.done.discarded": { one: "{count} draft discarded", other: "{count} drafts discarded" },
  "id.done.alreadyGone": "{count} already gone",
  // The lines under an id run's headline.
  "id.detail.failed": {
    one: "{count} invoice failed: the reason is on its row.",
    other: "{count} invoices failed: the reason is on their rows.",
  },
  "id.detail.unknown": {
    one: "{count} invoice with an open outcome: see its row — run again to settle (never done twice).",
    other:
      "{count} invoices with an open outcome: see their rows — run again to settle (never done twice).",
  },
  "id.detail.refused": {
    one: "{count} invoice refused: the reason is on its row; nothing was done for them.",
    other: "{count} invoices refused: the reason is on their rows; nothing was done for them.",
  },
  "id.detail.pending": {
    one: "{count} invoice still on the way at the service — run again to see where they stand.",
    other: "{count} invoices still on the way at the service — run again to see where they stand.",
  },
  "id.detail.notDoneRole": {
    one: "{count} invoice not {done}: your account may not do this, so running again will not help.",
    other:
      "{count} invoices not {done}: your account may not do this, so running again will not help.",
  },
  "id.detail.neverReached": {
    one: "{count} invoice never reached the billing service — run again to {verb} them.",
    other: "{count} invoices never reached the billing service — run again to {verb} them.",
  },
  "id.detail.notDone": {
    one: "{count} invoice not done (the reason is on their rows) — run again to {verb} them.",
    other: "{count} invoices not done (the reason is on their rows) — run again to {verb} them.",
  },
  "id.detail.waiting": {
    one: "{count} invoice waiting for the service's rate limit — run again to {verb} them.",
    other: "{count} invoices waiting for the service's rate limit — run again to {verb} them.",
  },
  "id.detail.notStarted": {
    one: "{count} invoice not started — run again to {verb} them.",
    other: "{count} invoices not started — run again to {verb} them.",
  },
  "row.signIn":
    "The billing service refused the credentials: sign in again, or check the token and the API key in the connection settings, then run again.",
  // The messages of each invoice in a send, credit or discard run (its row's `message` cell);
  // {participle} is id.<action>.participle, {reason} a sentence of err.* (lower-cased), {said}
  // such a sentence as it is, {words} the service's own words.
  "id.row.notDone": "Not {participle}: {reason}",
  "id.row.notDoneReadFirst": "Not {participle}: {reason} Run it again.",
  "id.row.gone": "Not {participle}: the billing service no longer knows invoice {id}.",
  "id.row.refused": "The billing service refused to {what}: {words}. Nothing was {participle}.",
  "id.row.stoppedWhile":
    "The run stopped while it was being {participle}: run it again (it reads the invoice first and never acts twice).",
  "id.row.waiting": "Waiting for the service's limit — run again to continue.",
  "id.row.credentials":
    "the billing service refused the credentials; sign in again, then run again.",
  "id.row.cancelledBefore": "Not {participle}: the run was cancelled before it.",
  "id.row.stoppedBefore": "Not {participle}: the run stopped before it.",
  // Why an invoice does not qualify ("Not sent: {why}.").
  "id.why.emptyStatus":
    "its status is empty: only approved invoices can be {participle}; run Create and approve first",
  "id.why.draftRow": "it is a draft: approve it first (only approved invoices can be {participle})",
  "id.why.approvingRow":
    "it is still being approved: run Create and approve again to settle it, then try again",
  "id.why.otherStatus": 'its status is "{status}": only approved invoices can be {participle}',
  "id.why.heldDraft":
    "the billing service holds it as a draft: only approved invoices can be {participle}",
  "id.why.heldApproving":
    "the billing service is still approving it: try again when it is approved",
  "id.why.heldOther":
    'the billing service holds it as "{status}": only approved invoices can be {participle}',
  "id.why.notFound": "the billing service has no invoice {id} (not found); check the invoiceId",
  "id.why.creditedNotSent":
    "it has a credit note, so it is void: a credited invoice is not sent to the customer",
  "id.why.creditNote": "it is a credit note, and a credit note cannot be credited",
  "id.why.neverDiscarded": "an approved invoice is never discarded (credit it instead)",
  "id.why.approvedRow": "it is {status}: {never}",
  "id.why.approvingDraft": "it is being approved: only drafts can be discarded",
  "id.why.emptyDraftStatus": "its status is empty: only drafts (status created) can be discarded",
  "id.why.otherDraftStatus":
    'its status is "{status}": only drafts (status created) can be discarded',
  "id.why.serviceApproving": "the billing service is approving it: {never}",
  "id.why.serviceHolds": 'the billing service holds it as "{status}": {never}',
  "id.why.otherReference":
    "the billing service holds it under the reference {held}, not this row's {row}: it is not this row's invoice, and was left alone",
  // What the service refused ("The billing service refused to {what}: …"), and a bulk request.
  "act.sendByEmail": "send it by email",
  "act.sendByPost": "send it by post",
  "act.sendInvoices": "send the invoices",
  "act.creditInvoices": "credit the invoices",
  "act.discardInvoices": "discard the invoices",
  // A send's row.
  "id.send.row.stillSending":
    "Still being sent after {seconds} s: run Send again to see the outcome (it is not sent twice).",
  "id.send.row.stoppedSending":
    "The run stopped while it was being sent: run Send again to see the outcome (it is not sent twice).",
  "id.send.row.alreadySent": "Already sent: not sent again.",
  "id.send.row.alreadySkipped": "The billing service skipped sending it: not sent again.",
  "id.send.row.alreadySending":
    "Already being sent: not sent again; run Send again to see the outcome.",
  "id.send.row.open":
    "{said} Whether it was sent is open: run Send again (it reads the invoice first and never sends twice).",
  "id.send.row.openReadFailed":
    "{said} Reading it back failed too. Whether it was sent is open: run Send again (it reads the invoice first and never sends twice).",
  "id.send.row.stillFailed":
    "{said} The billing service still shows the send as failed ({words}): send it again when that is fixed.",
  "id.send.row.shownNotSent":
    "{said} The billing service shows it not sent, so nothing was sent: run Send again.",
  "id.send.row.failed": "Sending failed: {words}.",
  "id.send.row.skipped": "The billing service skipped sending it.",
  "id.send.row.sentByEmail": "Sent to the customer by email.",
  "id.send.row.sentByPost": "Sent to the customer by post.",
  // A credit's row.
  "id.credit.row.already": "Already credited by credit note {num}: not credited again.",
  "id.credit.row.done": "Credited by credit note {num}.",
  "id.credit.row.doneTotal": "Credited by credit note {num} ({total} incl. VAT reversed).",
  "id.credit.row.open":
    "{said} So whether it was credited is open: run Credit again (it reads the invoice first and never credits twice).",
  "id.credit.row.openReadFailed":
    "{said} Reading it back failed too, so whether it was credited is open: run Credit again (it reads the invoice first and never credits twice).",
  "id.credit.row.noCreditNote":
    "{said} The billing service shows no credit note for it: nothing was credited. Run Credit again.",
  // A discard's row.
  "id.discard.row.done":
    "Draft {id} discarded: deleted from the billing service by this run. The row no longer has an invoice; to invoice it anew, clear the status.",
  "id.discard.row.gone":
    "Draft {id} was no longer in the billing service (deleted before): the row is cleared. To invoice it anew, clear the status.",
  "id.discard.row.open":
    "{said} So whether the draft was deleted is open: run Discard again (it reads the draft first).",
  "id.discard.row.openReadFailed":
    "{said} Reading it back failed too, so whether the draft was deleted is open: run Discard again (it reads the draft first).",
  "id.discard.row.stillDraft":
    "{said} The billing service still holds the draft: nothing was discarded. Run Discard again.",
  // Approve only valid: a draft kept back.
  "id.valid.noDraft":
    "Not approved: no draft of it exists yet (create drafts first); nothing was sent.",
  "id.valid.rateLimit":
    "the billing service kept asking to wait (its rate limit) — run again to continue.",
  "id.valid.cancelled": "the run was cancelled before it.",
  "id.valid.stopped": "the run stopped before it.",
  "id.valid.notApproved": "Not approved: {why} It stays a draft.",
  "id.valid.noBulk":
    "Not approved: this billing service cannot say before approving whether it would approve a draft (it offers no bulk approval). It stays a draft; use Approve drafts instead.",
  "id.valid.unasked": "Not approved: {said} It stays a draft; run again to ask again.",
  "id.valid.wouldRefuse":
    "Not approved: the billing service would refuse it: {words}. It stays a draft; fix it, then approve it.",
  "id.valid.noReason": "it gave no reason",
  "id.valid.unnamed":
    "Not approved: the billing service's verdict did not name it. It stays a draft; run again to ask again.",
  // The Billing log's `change` column (what a send, credit or discard run changed).
  "id.change.sent": "sent",
  "id.change.sentByEmail": "sent by email",
  "id.change.sentByPost": "sent by post",
  "id.change.credited": "credited",
  "id.change.foundCreditNote": "found credit note",
  "id.change.failed": "failed",
  "id.change.discarded": "discarded",
  "id.change.foundGone": "found gone",
  // The rows an action cannot apply to from the sheet alone (before the service is asked).
  "id.plan.noIdColumn":
    "Not {participle}: the sheet has no invoiceId column; run Create and approve first.",
  "id.plan.notServiceId": 'the invoiceId "{id}" is not an id of the billing service.',
  "id.plan.noIdDrafts":
    "Not {participle}: the row has no invoiceId; only drafts can be {participle}.",
  "id.plan.noIdApproved":
    "Not {participle}: the row has no invoiceId; only approved invoices can be {participle}.",
  "id.plan.copyElsewhere":
    "its invoiceId {id} is also on other rows of another invoice; an invoice id belongs to one invoice only",
  "id.plan.copyOf":
    "its invoiceId {id} is copied from {rows}, which is approved; this row is a copy and is not on that invoice",
  "id.plan.row": "row {row}",
  "id.plan.rows": "rows {first}–{last}",
  "id.plan.copy":
    "Not {participle}: {what}. If a row was copied, clear invoiceId, externalReference, status and invoiceNum in the copy so that it is invoiced on its own.",
  // The Billing log's `change` column of an invoice run (create and approve, drafts).
  "run.change.created": "created",
  "run.change.found": "found",
  "run.change.linked": "linked",
  "run.change.deletedDuplicate": "deleted duplicate",
  "run.change.sentForApproval": "sent for approval",
  "run.change.approved": "approved",
  "run.change.failed": "failed",
  "run.change.outcomeUnknown": "outcome unknown",
  "id.noReason": "the billing service gave no reason",
  // Mark as sent: an invoice handed over outside the service (by hand, from one's own mailbox).
  "id.row.creditNoteNamed": "Credit note {number}.",
  "id.markSent.working": "marking as sent",
  "id.markSent.done": "marked as sent",
  "id.markSent.alreadyDone": "sent earlier",
  "id.markSent.pending": "taken, not shown as sent yet",
  "id.markSent.notSent": "not marked",
  "id.markSent.verb": "mark",
  "id.markSent.participle": "marked as sent",
  "id.markSent.pane.already": {
    one: "{count} invoice already sent (or on its way): not marked again.",
    other: "{count} invoices already sent (or on their way): not marked again.",
  },
  "id.markSent.pane.button": "Mark as sent",
  "id.markSent.pane.buttonTitle":
    "Record invoices you handed over yourself (by hand, from your own mailbox) as sent; the service sends nothing",
  "id.markSent.pane.confirmTitle": {
    one: "Mark {count} invoice as sent? You handed it over yourself; the billing service sends nothing.",
    other:
      "Mark {count} invoices as sent? You handed them over yourself; the billing service sends nothing.",
  },
  "id.markSent.pane.confirm": "Mark {count} as sent",
  "id.markSent.pane.refused": {
    one: "{count} refused — nothing is marked for it:",
    other: "{count} refused — nothing is marked for them:",
  },
  "id.markSent.pane.nothing": "Nothing to mark as sent.",
  "id.markSent.pane.warning":
    "The billing service will never send these invoices itself afterwards: mark only what the customers already have.",
  "id.markSent.pane.nothingToDo":
    "Nothing to mark as sent: select the rows of approved invoices (with their header row on top).",
  "id.done.markedSent": "{count} marked as sent",
  "id.why.creditedNotMarked":
    "it has a credit note and so is void: a credited invoice is not marked as sent",
  "act.markItSent": "mark it as sent",
  "act.markSentInvoices": "mark the invoices as sent",
  "id.markSent.row.done":
    "Marked as sent: handed over outside the billing service (the service sent nothing).",
  "id.markSent.row.alreadySent": "Already sent: not marked again.",
  "id.markSent.row.alreadySending":
    "The billing service is sending it: not marked as sent; run Send to customers to see the outcome.",
  "id.markSent.row.alreadySkipped": "The billing service skipped sending it: not marked as sent.",
  "id.markSent.row.open":
    "{said} So whether it was marked as sent is open: run Mark as sent again (it reads the invoice first and never marks twice).",
  "id.markSent.row.openReadFailed":
    "{said} Reading it back failed too, so whether it was marked as sent is open: run Mark as sent again (it reads the invoice first and never marks twice).",
  "id.markSent.row.notMarked":
    "{said} The billing service shows it not sent: nothing was marked. Run Mark as sent again.",
  "id.markSent.row.taken":
    "The billing service took it but does not show it as sent yet: run Mark as sent again to see where it stands (it reads the invoice first).",
  "id.change.markedSent": "marked as sent",
} as const;
