/**
 * De meldingen van de functies in het Nederlands: dezelfde sleutels en placeholders als
 * functions-en.ts (anders een typefout in function-messages.ts).
 */
import type { FunctionCatalogue } from "./types";

export const nlFunctions = {
  "fn.cancelled": "De berekening is geannuleerd; bereken opnieuw om het nog eens te proberen.",
  "fn.timeout": "{message} Controleer de verbindingsinstellingen en kies dan Vernieuwen.",
  "fn.settings": "{message}. Herstel ze in het taakvenster en kies dan Vernieuwen.",
  "fn.auth":
    "Aanmelden mislukt bij {host}: stel een geldig token en een geldige API-sleutel in het taakvenster in en kies dan Vernieuwen.",
  "fn.busy":
    "De facturatiedienst op {host} is bezet (te veel verzoeken): wacht een minuut en kies dan Vernieuwen.",
  "fn.gateway": "{problem} Kies Vernieuwen zodra IT het heeft opgelost.",
  "fn.unreachable":
    "De facturatiedienst op {host} is niet bereikbaar: controleer de verbindingsinstellingen en het netwerk en kies dan Vernieuwen.",
  "fn.notFound": "Niet gevonden: {message}",
  "fn.refused": "De facturatiedienst weigerde het verzoek: {message}",
  "fn.failed": "De facturatiedienst gaf een fout: {message}",
  "fn.unexpected": "Onverwachte fout: {message}",
  "fn.configuredAddress": "het ingestelde adres",
  "fn.value.number": "het getal {value}",
  "fn.value.boolean": "de waarde {value}",
  "fn.value.empty": "een lege waarde",
  "fn.value.other": "een waarde van een ander soort",
  "fn.arg.emptyRange": "een leeg bereik",
  "fn.arg.range": "een bereik van {rows}×{cols}",
  "fn.arg.singleCell": "{label} moet één cel zijn, niet {size}.",
  "fn.arg.errorValue": "{label} is de fout {code}: herstel eerst de cel waar die vandaan komt.",
  "fn.arg.idEmpty":
    "{label} is leeg: geef de {label} (een id zoals 3f2504e0-4f89-11d3-9a0c-0305e82c3301).",
  "fn.arg.idNotText": "{label} moet tekst zijn (een id), niet {value}.",
  "fn.arg.notId":
    "{label} {value} is geen id: een id ziet eruit als 3f2504e0-4f89-11d3-9a0c-0305e82c3301.",
  "fn.arg.textEmpty": "{label} is leeg: geef de {label} om op te zoeken.",
  "fn.arg.textOrWhole": "{label} moet tekst of een geheel getal zijn, niet {value}.",
  "fn.arg.notText": "{label} moet tekst zijn, niet {value}.",
  "fn.match.none": "Geen {what} gevonden.",
  "fn.match.many": "{count} records passen bij {what}; maak de tekst specifieker.",
  "fn.what.customerNamed": "klant met de naam {name}",
  "fn.what.contractNumbered": "contract met nummer {number}",
  "fn.what.taxCodeNamed": "btw-code met de naam {name}",
  "fn.what.billingItemNamed": "factuuronderdeel met de naam {name}",
  "fn.what.bankAccountIban": "bankrekening met IBAN {iban}",
  "fn.noServiceLocation": "Geen aansluitadres gevonden voor klant {customer}.",
  "fn.iban.shape": "iban {value} is geen IBAN (zoals NL91ABNA0417164300).",
  "fn.iban.check": "iban {value} heeft verkeerde controlecijfers: controleer op een tikfout.",
  "fn.noneWithId": "Geen {what} heeft het id {id}.",
  "fn.kind.customer": "klant",
  "fn.kind.taxCode": "btw-code",
  "fn.kind.billingItem": "factuuronderdeel",
  "fn.kind.bankAccount": "bankrekening",
  "fn.kind.invoice": "factuur",
  "fn.kind.product": "product",
  "fn.date.notDate":
    "{label} moet een datum zijn (een datumcel of een tekst zoals 2024-05-01), niet {value}.",
  "fn.date.notIso":
    "{label} {value} is geen datum: gebruik een datumcel of een tekst zoals 2024-05-01.",
  "fn.date.notDay": "{label} {value} is geen dag van de kalender.",
  "fn.date.notTime": "{label} {value} is geen geldige tijd.",
  "fn.invoices.fromAfterTo":
    "from ({from}) ligt na to ({to}): geef eerst de vroegste factuurdatum.",
  "fn.status.notText": "status moet tekst zijn, zoals approved, niet {value}.",
  "fn.status.unknown":
    "status {value} is geen factuurstatus: gebruik {known} (meerdere gescheiden door komma's).",
  "fn.invoices.none": "Geen facturen van klant {customer}",
  "fn.invoices.noneAll": "Geen facturen",
  "fn.invoices.unbounded":
    "Geef zonder customerId een periode (from, to) of een status: INVOICES toont dan de facturen van elke klant daarin.",
  "fn.invoices.from": "vanaf {day}",
  "fn.invoices.to": "tot en met {day}",
  "fn.invoices.status": "met status {statuses}",
  "fn.invoices.or": " of ",
  "fn.tariff.none": "Geen tarief voor factuuronderdeel {item} van product {product} ({whose}).",
  "fn.tariff.generic": "algemeen",
  "fn.tariff.notOnProduct": "Factuuronderdeel {item} hoort niet bij product {product}.",
  "fn.tariff.genericOrContract": "algemeen of voor contract {contract}",
  "fn.timeout.seconds": "De facturatiedienst antwoordde niet binnen {seconds} s.",
  "fn.preview.placeholder": "Wordt berekend zodra u op Enter drukt.",
  "fn.spill.more": "… nog {count} rijen niet getoond (de grens van Excel): {narrow}",
  "fn.spill.narrowInvoices": "geef een kortere periode (from, to) of een status.",
  "fn.spill.narrow": "vraag om minder, bijvoorbeeld per product of contract.",
  "fn.status.credited": "{status}, gecrediteerd met {number}",
  "fn.status.draftNotFollowed":
    "{status} (een concept, na 30 minuten niet meer gevolgd: herbereken om het weer te volgen)",
} as const satisfies FunctionCatalogue;
