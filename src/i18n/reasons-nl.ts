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
    "{which} ({tariff}) is {kind}, waarvoor deze invoegtoepassing geen prijs kan geven",
  "cost.which.applies": "het geldende tarief",
  "cost.which.period": "het tarief",
  "cost.kind.known": "een {type}-tarief",
  "cost.kind.unknown": "een tarief van een onbekend soort",
  "cost.tariffNoAmount": "{which} ({tariff}) heeft geen bedrag in unitTariff",
  "cost.unresolved": "Kan de kosten van contract {contract} niet bepalen: {reason}{more}.",
  "cost.moreProblems": " (en nog {count} probleem/problemen; CONTRACTCOSTS noemt ze)",
  "cost.unpriced":
    "Kan geen prijs geven voor factuuronderdeel {item} van product {product} in contract {contract}: {reason}{more}.",
  "cost.moreItems": " (en nog {count} factuuronderde(e)l(en))",
  "cost.componentMissing": "er ontbreekt een onderdeel",
  "cost.none": "geen tarief",
  "line.noProduct": "geen product op {date}",
  "line.productNotFound": "product {product} is niet gevonden",
  "line.noItems": "product {product} heeft geen factuuronderdeel op {date}",
  "line.itemNotFound": "factuuronderdeel {item} van product {product} is niet gevonden",
  "line.notCostItem": "geen kostenpost (soort {kind}): niet meegeteld in de totalen",
  "report.fixedNotPriced": "vast niet geprijsd: {reason}",
  "report.variableNotPriced": "variabel niet geprijsd: {reason}",
  "report.noLines": "geen kostenregels",
  "line.noTariff": "geen tarief is geldig op {date} (niet voor dit contract en niet algemeen)",
  "cost.notMoney": '"{amount}" is geen geldbedrag.',
  "cost.notDate": 'De facturatiedienst stuurde "{value}" waar een datum werd verwacht.',
  "set.unusable": "De verbindingsinstellingen zijn niet bruikbaar — {problems}",
  "set.problem": "{field}: {problem}",
  "set.problems": "{first}; {rest}",
  "set.url.required": "is verplicht (bijvoorbeeld https://billing.example.com)",
  "set.url.noScheme": "heeft geen schema: zet https:// ervoor (bijv. https://billing.example.com)",
  "set.url.invalid": "is geen geldige URL",
  "set.url.scheme": "moet beginnen met https:// (of http:// voor localhost)",
  "set.url.noHost": "heeft geen host",
  "set.url.userInfo": "mag geen gebruikersnaam of wachtwoord bevatten",
  "set.url.path": "mag geen pad bevatten (alleen schema, host en poort)",
  "set.url.query": "mag geen query bevatten (?...)",
  "set.url.fragment": "mag geen fragment bevatten (#...)",
  "set.url.https": "moet https:// gebruiken (gewoon http:// alleen voor localhost)",
  "set.hdr.list": "moet een lijst van naam/waarde-paren zijn",
  "set.hdr.name":
    "is geen geldige headernaam (alleen letters, cijfers en -_.!#$%&'*+^`|~; geen spaties of dubbele punten)",
  "set.hdr.text": "waarde moet tekst zijn",
  "set.hdr.lineBreak": "waarde mag geen regeleinden bevatten",
  "set.secretHeaders": "moet een lijst van headernamen zijn",
  "set.timeZone": "is geen tijdzone; geef een IANA-naam zoals Europe/Amsterdam",
  "set.cred.kind": "moet een van none, bearer, gateway zijn",
  "set.token.required": "is verplicht voor een bearer-referentie",
  "set.token.spaces": "mag geen spaties of regeleinden bevatten",
  "set.signIn.directoryRequired":
    "is verplicht (de id van de directory (tenant), bijv. 7d3c1a52-…)",
  "set.signIn.directoryKind":
    "is geen directory-id (een GUID), geen domein en geen https://-authority-URL",
  "set.signIn.https": "moet met https:// beginnen (aanmelden gaat nooit over gewoon http)",
  "set.signIn.authority": "moet een authority-URL zijn zonder gebruiker, query of fragment",
  "set.signIn.object": "moet directory, clientId en scope bevatten",
  "set.signIn.clientIdRequired": "is verplicht (een GUID)",
  "set.signIn.clientId":
    "moet de toepassings-id (client-id) van de invoegtoepassing zijn, een GUID",
  "set.signIn.scopeRequired": "is verplicht (bijv. api://<app-id van de gateway>/access_as_user)",
  "set.signIn.scope": "moet eruitzien als api://<app-id van de gateway>/access_as_user",
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
  "auth.do.create": "facturen maken",
  "auth.do.send": "facturen versturen",
  "auth.do.credit": "facturen crediteren",
  "auth.do.approve": "facturen goedkeuren",
  "auth.do.delete": "conceptfacturen verwijderen",
  "auth.noRead": "Uw account heeft geen toegang tot factuurgegevens; vraag IT om {role}.",
  "auth.roleMissing":
    "Uw account mist de app-rol die hiervoor nodig is; vraag IT u een Billing-rol toe te wijzen.",
  "auth.notAllowed":
    "De bedrijfsgateway staat deze bewerking voor niemand toe; meld het aan IT (GATEWAY_OPERATION_NOT_ALLOWED).",
  "date.serialRange":
    "{serial} is geen datum: een datumreeksnummer loopt van 1 (1 januari 1900) tot {last} (31 december 9999)",
  "date.leapDay": "60 is 29 februari 1900, een dag die niet bestond",
  "date.argument": "{label} {reason}.",
  "date.notIso": "geen ISO-datum",
  "date.noDay": "die dag bestaat niet",
  "date.noTime": "die tijd bestaat niet",
  "date.noOffset": "die UTC-afwijking bestaat niet",
  "date.boolean": "een WAAR/ONWAAR-waarde is geen datum",
  "api.withEntries": "{summary} — {entries}",
  "api.at": "{text} ({where})",
  "api.more": "{entries} (+{count} meer)",
  "api.notFound": "Niet gevonden (404)",
  "api.rejected": "De dienst heeft het verzoek afgewezen ({status})",
  "api.refusedEnvelope": "De dienst heeft het verzoek geweigerd (success: false, {status})",
  "api.withAdvice": "{reason}; {advice}",
  "api.unknownOutcome":
    "de uitkomst is onbekend: de factuur is misschien wel, misschien niet gemaakt — zoek haar (op haar externe referentie) voordat u het opnieuw probeert",
  "api.createFailed": "De dienst faalde bij het maken van de factuur ({status})",
  "api.noAnswer": "De dienst antwoordde niet {within}",
  "api.inTime": "op tijd",
  "api.within": "binnen {seconds} s",
  "api.connectionLost": "De verbinding viel weg tijdens het maken van de factuur",
  "svc.INVOICE_LINE_SPANS_NO_TAX_RATE_PERIODS":
    "de belastingcode van een regel heeft geen btw-tarief voor de periode van de regel; controleer de belastingcode of de data van de regel",
  "svc.INVOICE_LINE_SPANS_MULTIPLE_TAX_RATE_PERIODS":
    "de periode van een regel valt over een wijziging van het btw-tarief; splits de regel op de datum van de wijziging",
  "svc.MISSING_ACTIVE_MANDATE":
    "de klant betaalt via automatische incasso maar heeft geen actieve machtiging; vraag om een machtiging of wijzig de betaalwijze",
  "svc.COULD_NOT_APPROVE_INVOICE": "de facturatiedienst kon de factuur niet goedkeuren",
  "svc.INVOICE_NOT_CREATED_STATUS": "de factuur is geen concept meer",
  "svc.INVOICE_NOT_APPROVED_STATUS": "de factuur is nog niet goedgekeurd",
  "svc.INVOICE_NOT_FOUND": "de facturatiedienst kent deze factuur niet",
  "svc.FAILED_SENDING_EMAIL": "de e-mail aan de klant kon niet worden verzonden",
  "svc.EMAIL_INVALID": "het e-mailadres van de klant is niet geldig",
  "svc.EMAIL_BLOCKED": "het e-mailadres van de klant blokkeert onze e-mail",
  "svc.EMAIL_DROPPED": "de e-mail aan het e-mailadres van de klant is niet afgeleverd",
  "svc.USER_HAS_NO_EMAIL_ADDRESS": "de klant heeft geen e-mailadres; verstuur hem per post",
  "svc.USER_HAS_NO_POSTAL_ADDRESS": "de klant heeft geen postadres; verstuur hem per e-mail",
  "svc.POSTAL_NOT_SUPPORTED_FOR_NOW":
    "verzenden per post is bij de facturatiedienst niet beschikbaar",
  "svc.INVOICE_IS_ALREADY_CREDITED": "de factuur heeft al een creditnota",
  "svc.CREATED_INVOICES_CANNOT_BE_CREDITED":
    "een concept kan niet worden gecrediteerd (het heeft nog geen nummer); verwijder het in plaats daarvan",
  "svc.CREDIT_NOTE_CANNOT_BE_CREDITED": "een creditnota kan niet worden gecrediteerd",
  "svc.INVOICED_ADVANCES_CANNOT_BE_CREDITED":
    "een gefactureerd voorschot kan niet worden gecrediteerd",
  "svc.noReason": "de facturatiedienst gaf geen reden",
} as const satisfies PartCatalogue<typeof enReasons>;

/** The Dutch reasons, their placeholders checked against English (a type error otherwise). */
export const nlReasons: SamePlaceholdersAs<typeof enReasons, typeof words> = words;
