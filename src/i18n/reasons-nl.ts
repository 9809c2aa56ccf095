/**
 * De redenen van onder het taakvenster en de functies in het Nederlands: dezelfde sleutels en
 * placeholders als reasons-en.ts (anders een typefout hier). Een eigen chunk: alleen geladen als de
 * taal Nederlands is (`loadReasonWords("nl")`).
 */
import type { enReasons } from "./reasons-en";
import type { PartCatalogue, SamePlaceholdersAs } from "./types";

const words = {
  "cost.contractNotFound": "Contract {contract} is niet gevonden.",
  "cost.noTariff": "Geen tarief voor {subject} is geldig op {date} ({whose}).",
  "cost.subject": "factuuronderdeel {item} van product {product}",
  "cost.whose.generic": "algemeen",
  "cost.whose.neither": "niet voor contract {contract} en niet algemeen",
  "cost.cannotPrice": "Kan geen prijs geven voor {subject}: {reason}.",
  "cost.tariffKind":
    "het geldende tarief ({tariff}) is {kind}, waarvoor deze invoegtoepassing geen prijs kan geven",
  "cost.kind.known": "een {type}-tarief",
  "cost.kind.unknown": "een tarief van een onbekend soort",
  "cost.tariffNoAmount": "het geldende tarief ({tariff}) heeft geen bedrag in unitTariff",
  "cost.unresolved": "Kan de kosten van contract {contract} niet bepalen: {reason}{more}.",
  "cost.moreProblems": " (en nog {count} probleem/problemen; CONTRACTCOSTS noemt ze)",
  "cost.unpriced":
    "Kan geen prijs geven voor factuuronderdeel {item} van product {product} in contract {contract}: {reason}{more}.",
  "cost.moreItems": " (en nog {count} factuuronderde(e)l(en))",
  "cost.componentMissing": "er ontbreekt een onderdeel",
  "cost.none": "geen tarief",
  "cost.line.noProduct": "geen product op {date}",
  "cost.line.productNotFound": "product {product} is niet gevonden",
  "cost.line.noItems": "product {product} heeft geen factuuronderdeel op {date}",
  "cost.line.itemNotFound": "factuuronderdeel {item} van product {product} is niet gevonden",
  "cost.line.noTariff": "geen tarief is geldig op {date} (niet voor dit contract en niet algemeen)",
  "cost.notMoney": '"{amount}" is geen geldbedrag.',
  "cost.notDate": 'De facturatiedienst stuurde "{value}" waar een datum werd verwacht.',
  "settings.unusable": "De verbindingsinstellingen zijn niet bruikbaar — {problems}",
  "settings.problem": "{field}: {problem}",
  "settings.problems": "{first}; {rest}",
  "settings.baseUrl.required": "is verplicht (bijvoorbeeld https://billing.example.com)",
  "settings.baseUrl.noScheme":
    "heeft geen schema: zet https:// ervoor (bijv. https://billing.example.com)",
  "settings.baseUrl.invalid": "is geen geldige URL",
  "settings.baseUrl.scheme": "moet beginnen met https:// (of http:// voor localhost)",
  "settings.baseUrl.noHost": "heeft geen host",
  "settings.baseUrl.userInfo": "mag geen gebruikersnaam of wachtwoord bevatten",
  "settings.baseUrl.path": "mag geen pad bevatten (alleen schema, host en poort)",
  "settings.baseUrl.query": "mag geen query bevatten (?...)",
  "settings.baseUrl.fragment": "mag geen fragment bevatten (#...)",
  "settings.baseUrl.https": "moet https:// gebruiken (gewoon http:// alleen voor localhost)",
  "settings.headers.list": "moet een lijst van naam/waarde-paren zijn",
  "settings.headers.name":
    "is geen geldige headernaam (alleen letters, cijfers en -_.!#$%&'*+^`|~; geen spaties of dubbele punten)",
  "settings.headers.text": "waarde moet tekst zijn",
  "settings.headers.lineBreak": "waarde mag geen regeleinden bevatten",
  "settings.secretHeaders": "moet een lijst van headernamen zijn",
  "settings.credential.kind": "moet een van none, bearer, gateway zijn",
  "settings.token.required": "is verplicht voor een bearer-referentie",
  "settings.token.spaces": "mag geen spaties of regeleinden bevatten",
  "auth.signInRequired":
    "De bedrijfsgateway accepteerde uw aanmelding niet (die is misschien verlopen). Meld u aan in het Billing-taakvenster (Verbinding).",
  "auth.notSignedIn": "Meld u aan in het Billing-taakvenster (Verbinding).",
  "auth.renewalFailed":
    "Uw aanmelding is verlopen en kon niet worden vernieuwd. Meld u aan in het Billing-taakvenster (Verbinding).",
  "auth.notSetUp":
    "De bedrijfsgateway vraagt u zich aan te melden: vul de aanmeldingsinstellingen in en meld u aan in het Billing-taakvenster (Verbinding).",
  "auth.cannotStart":
    "Aanmelden kon niet beginnen (controleer de aanmeldingsinstellingen in het Billing-taakvenster, Verbinding).",
  "auth.cannotRenew":
    "Uw aanmelding kon niet worden vernieuwd; meld u opnieuw aan in het Billing-taakvenster (Verbinding).",
  "auth.reader": "Uw account mag lezen, maar geen {action}; vraag IT om {role}.",
  "auth.action.create": "facturen maken",
  "auth.action.send": "facturen versturen",
  "auth.action.credit": "facturen crediteren",
  "auth.action.approve": "facturen goedkeuren",
  "auth.action.delete": "conceptfacturen verwijderen",
  "auth.noRead": "Uw account heeft geen toegang tot factuurgegevens; vraag IT om {role}.",
  "auth.roleMissing":
    "Uw account mist de app-rol die hiervoor nodig is; vraag IT u een Billing-rol toe te wijzen.",
  "auth.operationNotAllowed":
    "De bedrijfsgateway staat deze bewerking voor niemand toe; meld het aan IT (GATEWAY_OPERATION_NOT_ALLOWED).",
  "date.serialRange":
    "{serial} is geen datum: een datumreeksnummer loopt van 1 (1 januari 1900) tot {last} (31 december 9999)",
  "date.leapDay": "60 is 29 februari 1900, een dag die niet bestond",
  "date.argument": "{label} {reason}.",
} as const satisfies PartCatalogue<typeof enReasons>;

/** The Dutch reasons, their placeholders checked against English (a type error otherwise). */
export const nlReasons: SamePlaceholdersAs<typeof enReasons, typeof words> = words;
