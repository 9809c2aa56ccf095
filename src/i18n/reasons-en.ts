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
  "cost.tariffKind": "the tariff that applies ({tariff}) is {kind}, which this add-in cannot price",
  "cost.kind.known": "a {type} tariff",
  "cost.kind.unknown": "a tariff of an unknown type",
  "cost.tariffNoAmount": "the tariff that applies ({tariff}) has no unitTariff amount",
  "cost.unresolved": "Cannot work out the costs of contract {contract}: {reason}{more}.",
  "cost.moreProblems": " (and {count} more problem(s); CONTRACTCOSTS lists them)",
  "cost.unpriced":
    "Cannot price billing item {item} of product {product} on contract {contract}: {reason}{more}.",
  "cost.moreItems": " (and {count} more billing item(s))",
  "cost.componentMissing": "a component is missing",
  "cost.none": "no tariff",
  "cost.line.noProduct": "no product on {date}",
  "cost.line.productNotFound": "product {product} was not found",
  "cost.line.noItems": "product {product} has no billing item on {date}",
  "cost.line.itemNotFound": "billing item {item} of product {product} was not found",
  "cost.line.noTariff": "no tariff is valid on {date} (neither for this contract nor generic)",
  "cost.notMoney": '"{amount}" is not an amount of money.',
  "cost.notDate": 'The billing service sent "{value}" where a date was expected.',
  "settings.unusable": "The connection settings cannot be used — {problems}",
  "settings.problem": "{field}: {problem}",
  "settings.problems": "{first}; {rest}",
  "settings.baseUrl.required": "is required (for example https://billing.example.com)",
  "settings.baseUrl.noScheme":
    "has no scheme: add https:// in front (e.g. https://billing.example.com)",
  "settings.baseUrl.invalid": "is not a valid URL",
  "settings.baseUrl.scheme": "must start with https:// (or http:// for localhost)",
  "settings.baseUrl.noHost": "has no host",
  "settings.baseUrl.userInfo": "must not contain a user name or password",
  "settings.baseUrl.path": "must not contain a path (only scheme, host and port)",
  "settings.baseUrl.query": "must not contain a query (?...)",
  "settings.baseUrl.fragment": "must not contain a fragment (#...)",
  "settings.baseUrl.https": "must use https:// (plain http:// only for localhost)",
  "settings.headers.list": "must be a list of name/value pairs",
  "settings.headers.name":
    "is not a valid header name (letters, digits and -_.!#$%&'*+^`|~ only; no spaces or colons)",
  "settings.headers.text": "value must be text",
  "settings.headers.lineBreak": "value must not contain line breaks",
  "settings.secretHeaders": "must be a list of header names",
  "settings.credential.kind": "must be one of none, bearer, gateway",
  "settings.token.required": "is required for a bearer credential",
  "settings.token.spaces": "must not contain spaces or line breaks",
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
  "auth.action.create": "create invoices",
  "auth.action.send": "send invoices",
  "auth.action.credit": "credit invoices",
  "auth.action.approve": "approve invoices",
  "auth.action.delete": "delete draft invoices",
  "auth.noRead": "Your account has no access to billing data; ask IT for {role}.",
  "auth.roleMissing":
    "Your account lacks the app role this needs; ask IT to assign you a Billing role.",
  "auth.operationNotAllowed":
    "The company gateway does not allow this operation for anyone; tell IT (GATEWAY_OPERATION_NOT_ALLOWED).",
  "date.serialRange":
    "{serial} is not a date: a date serial runs from 1 (1 January 1900) to {last} (31 December 9999)",
  "date.leapDay": "60 is 29 February 1900, which did not exist",
  "date.argument": "{label} {reason}.",
} as const;
