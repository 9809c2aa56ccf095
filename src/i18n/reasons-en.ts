/**
 * The reasons made below the pane and the functions, in English (the reference for reasons-nl.ts):
 * the cost rules' (`cost.*`), the connection settings' checks (`settings.*`), the sign-in advice of
 * a refused sign-in or role (`auth.*`) and Excel's date reasons (`date.*`). src/costs, src/api and
 * src/invoices make them with no language (`reason(code, values)` on the error); the pane and the
 * functions say them in theirs (`reasonText`). The Dutch words load as a chunk of their own
 * (`loadReasonWords("nl")`), so the functions bundle carries only these English ones.
 */
export const enReasons = {
  "cost.contractNotFound": "Contract {contract} was not found.",
  "cost.noTariff": "No tariff of {subject} is valid on {date} ({whose}).",
  "cost.subject": "billing item {item} of product {product}",
  "cost.whose.generic": "generic",
  "cost.whose.neither": "neither for contract {contract} nor generic",
  "cost.cannotPrice": "Cannot price {subject}: {reason}.",
  "cost.tariffKind": "{which} ({tariff}) is {kind}, which this add-in cannot price",
  "cost.which.applies": "the tariff that applies",
  "cost.which.period": "the tariff",
  "cost.kind.known": "a {type} tariff",
  "cost.kind.unknown": "a tariff of an unknown type",
  "cost.tariffNoAmount": "{which} ({tariff}) has no unitTariff amount",
  "cost.unresolved": "Cannot work out the costs of contract {contract}: {reason}{more}.",
  "cost.moreProblems": " (and {count} more problem(s); CONTRACTCOSTS lists them)",
  "cost.unpriced":
    "Cannot price billing item {item} of product {product} on contract {contract}: {reason}{more}.",
  "cost.moreItems": " (and {count} more billing item(s))",
  "cost.componentMissing": "a component is missing",
  "cost.none": "no tariff",
  "line.noProduct": "no product on {date}",
  "line.productNotFound": "product {product} was not found",
  "line.noItems": "product {product} has no billing item on {date}",
  "line.itemNotFound": "billing item {item} of product {product} was not found",
  "line.notCostItem": "not a cost item (kind {kind}): left out of the totals",
  "report.fixedNotPriced": "fixed not priced: {reason}",
  "report.variableNotPriced": "variable not priced: {reason}",
  "report.noLines": "no cost lines",
  "line.noTariff": "no tariff is valid on {date} (neither for this contract nor generic)",
  "cost.notMoney": '"{amount}" is not an amount of money.',
  "cost.notDate": 'The billing service sent "{value}" where a date was expected.',
  "set.unusable": "The connection settings cannot be used — {problems}",
  "set.problem": "{field}: {problem}",
  "set.problems": "{first}; {rest}",
  "set.url.required": "is required (for example https://billing.example.com)",
  "set.url.noScheme": "has no scheme: add https:// in front (e.g. https://billing.example.com)",
  "set.url.invalid": "is not a valid URL",
  "set.url.scheme": "must start with https:// (or http:// for localhost)",
  "set.url.noHost": "has no host",
  "set.url.userInfo": "must not contain a user name or password",
  "set.url.path": "must not contain a path (only scheme, host and port)",
  "set.url.query": "must not contain a query (?...)",
  "set.url.fragment": "must not contain a fragment (#...)",
  "set.url.https": "must use https:// (plain http:// only for localhost)",
  "set.hdr.list": "must be a list of name/value pairs",
  "set.hdr.name":
    "is not a valid header name (letters, digits and -_.!#$%&'*+^`|~ only; no spaces or colons)",
  "set.hdr.text": "value must be text",
  "set.hdr.lineBreak": "value must not contain line breaks",
  "set.secretHeaders": "must be a list of header names",
  "set.cred.kind": "must be one of none, bearer, gateway",
  "set.token.required": "is required for a bearer credential",
  "set.token.spaces": "must not contain spaces or line breaks",
  "auth.signInRequired":
    "The company gateway did not accept your sign-in (it may have expired). Sign in on the Billing pane (Connection).",
  "auth.notSignedIn": "Sign in on the Billing pane (Connection).",
  "auth.renewalFailed":
    "Your sign-in has expired and could not be renewed. Sign in on the Billing pane (Connection).",
  "auth.notSetUp":
    "The company gateway needs you to sign in: fill in the sign-in settings and sign in on the Billing pane (Connection).",
  "auth.cannotStart":
    "Sign-in could not start (check the sign-in settings on the Billing pane, Connection).",
  "auth.cannotRenew":
    "Your sign-in could not be renewed; sign in again on the Billing pane (Connection).",
  "auth.reader": "Your account may read but not {action}; ask IT for {role}.",
  "auth.do.create": "create invoices",
  "auth.do.send": "send invoices",
  "auth.do.credit": "credit invoices",
  "auth.do.approve": "approve invoices",
  "auth.do.delete": "delete draft invoices",
  "auth.noRead": "Your account has no access to billing data; ask IT for {role}.",
  "auth.roleMissing":
    "Your account lacks the app role this needs; ask IT to assign you a Billing role.",
  "auth.notAllowed":
    "The company gateway does not allow this operation for anyone; tell IT (GATEWAY_OPERATION_NOT_ALLOWED).",
  "date.serialRange":
    "{serial} is not a date: a date serial runs from 1 (1 January 1900) to {last} (31 December 9999)",
  "date.leapDay": "60 is 29 February 1900, which did not exist",
  "date.argument": "{label} {reason}.",
  "api.withEntries": "{summary} — {entries}",
  "api.at": "{text} ({where})",
  "api.more": "{entries} (+{count} more)",
  "api.notFound": "Not found (404)",
  "api.rejected": "The service rejected the request ({status})",
  "api.refusedEnvelope": "The service refused the request (success: false, {status})",
  "api.withAdvice": "{reason}; {advice}",
  "api.unknownOutcome":
    "the outcome is unknown: the invoice may or may not have been created — check for it (by its external reference) before retrying",
  "api.createFailed": "The service failed while creating the invoice ({status})",
  "api.noAnswer": "The service did not answer {within}",
  "api.inTime": "in time",
  "api.within": "within {seconds} s",
  "api.connectionLost": "The connection was lost while creating the invoice",
  "svc.INVOICE_LINE_SPANS_NO_TAX_RATE_PERIODS":
    "a line's tax code has no VAT rate for the line's period; check the tax code or the line's dates",
  "svc.INVOICE_LINE_SPANS_MULTIPLE_TAX_RATE_PERIODS":
    "a line's period spans a change of its VAT rate; split the line at the date of the change",
  "svc.MISSING_ACTIVE_MANDATE":
    "the customer pays by direct debit but has no active mandate; ask for a mandate or change the payment method",
  "svc.COULD_NOT_APPROVE_INVOICE": "the billing service could not approve the invoice",
  "svc.INVOICE_NOT_CREATED_STATUS": "the invoice is no longer a draft",
  "svc.INVOICE_NOT_APPROVED_STATUS": "the invoice is not approved yet",
  "svc.INVOICE_NOT_FOUND": "the billing service does not know this invoice",
  "svc.FAILED_SENDING_EMAIL": "the email to the customer could not be sent",
  "svc.EMAIL_INVALID": "the customer's email address is not valid",
  "svc.EMAIL_BLOCKED": "the customer's email address blocks our mail",
  "svc.EMAIL_DROPPED": "the mail to the customer's email address was dropped",
  "svc.USER_HAS_NO_EMAIL_ADDRESS": "the customer has no email address; send it by post instead",
  "svc.USER_HAS_NO_POSTAL_ADDRESS": "the customer has no postal address; send it by email instead",
  "svc.POSTAL_NOT_SUPPORTED_FOR_NOW": "sending by post is not available at the billing service",
  "svc.INVOICE_IS_ALREADY_CREDITED": "the invoice already has a credit note",
  "svc.CREATED_INVOICES_CANNOT_BE_CREDITED":
    "a draft cannot be credited (it has no number yet); delete it instead",
  "svc.CREDIT_NOTE_CANNOT_BE_CREDITED": "a credit note cannot be credited",
  "svc.INVOICED_ADVANCES_CANNOT_BE_CREDITED": "an advance that was invoiced cannot be credited",
  "svc.noReason": "the billing service gave no reason",
} as const;
