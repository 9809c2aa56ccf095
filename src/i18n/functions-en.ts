/**
 * The custom functions' messages in English (the reference for functions-nl.ts). Kept apart from
 * the pane's (en.ts), so that the functions bundle carries only these (its 60 KB budget).
 */
export const enFunctions = {
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
  "fn.match.none": "No {what} was found.",
  "fn.match.many": "{count} records match {what}; make the text more specific.",
  "fn.what.customerNamed": "customer named {name}",
  "fn.what.contractNumbered": "contract with number {number}",
  "fn.what.taxCodeNamed": "tax code named {name}",
  "fn.what.billingItemNamed": "billing item named {name}",
  "fn.what.bankAccountIban": "bank account with IBAN {iban}",
  "fn.noServiceLocation": "No service location was found for customer {customer}.",
  "fn.iban.shape": "iban {value} is not an IBAN (such as NL91ABNA0417164300).",
  "fn.iban.check": "iban {value} has wrong check digits: check for a typo.",
  "fn.noneWithId": "No {what} has the id {id}.",
  "fn.kind.customer": "customer",
  "fn.kind.taxCode": "tax code",
  "fn.kind.billingItem": "billing item",
  "fn.kind.bankAccount": "bank account",
  "fn.kind.invoice": "invoice",
  "fn.kind.product": "product",
  "fn.date.notDate":
    "{label} must be a date (a date cell or text such as 2024-05-01), not {value}.",
  "fn.date.notIso": "{label} {value} is not a date: use a date cell or text such as 2024-05-01.",
  "fn.date.notDay": "{label} {value} is not a day of the calendar.",
  "fn.date.notTime": "{label} {value} is not a valid time.",
  "fn.invoices.fromAfterTo":
    "from ({from}) is after to ({to}): give the earliest invoice date first.",
  "fn.status.notText": "status must be text such as approved, not {value}.",
  "fn.status.unknown":
    "status {value} is not an invoice status: use {known} (several separated by commas).",
  "fn.invoices.none": "No invoices of customer {customer}",
  "fn.invoices.noneAll": "No invoices",
  "fn.invoices.unbounded":
    "Without customerId, give a period (from, to) or a status: INVOICES lists every customer's invoices of it.",
  "fn.invoices.from": "from {day}",
  "fn.invoices.to": "to {day}",
  "fn.invoices.status": "with status {statuses}",
  "fn.invoices.or": " or ",
  "fn.tariff.none": "No tariff of billing item {item} of product {product} ({whose}).",
  "fn.tariff.generic": "generic",
  "fn.tariff.notOnProduct": "Billing item {item} is not part of product {product}.",
  "fn.tariff.genericOrContract": "generic or for contract {contract}",
  "fn.timeout.seconds": "The billing service did not answer within {seconds} s.",
  "fn.preview.placeholder": "Calculated when you press Enter.",
  "fn.spill.more": "… {count} more rows not shown (Excel's limit): {narrow}",
  "fn.spill.narrowInvoices": "give a shorter period (from, to) or a status.",
  "fn.spill.narrow": "ask for less, e.g. per product or contract.",
  "fn.status.credited": "{status}, credited by {number}",
  "fn.status.draftNotFollowed":
    "{status} (a draft, no longer followed after 30 minutes: recalculate to follow it again)",
} as const;
