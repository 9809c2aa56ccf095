/**
 * De meldingen van de facturatie-engine in het Nederlands: dezelfde sleutels en placeholders als
 * invoices-en.ts (anders een typefout in invoice-messages.ts). Veldnamen van de dienst
 * (customerId, invoiceNum …) en statussen (approved …) blijven zoals ze zijn.
 */
import type { EnglishInvoices, PartCatalogue } from "./types";

export const nlInvoices = {
  "check.noHeader":
    "De selectie heeft geen kopregel: de bovenste rij moet de kolommen noemen (customerId, taxCodeId, …).",
  "check.noRows": "De selectie heeft onder de kopregel geen rijen met factuurgegevens.",
  "check.columnTwice":
    "De kolom {column} staat er twee keer (kolommen {first} en {second}); houd er één.",
  "check.noCustomerColumn":
    "Het blad heeft geen kolom customerId; elke factuur heeft een debiteur nodig.",
  "check.noTaxCodeColumn":
    "Het blad heeft geen kolom taxCodeId; elke regel heeft een btw-code nodig.",
  "check.noBankColumn":
    "Het blad heeft geen kolom companyBankAccountId en geen kolom propertyGroupId; elke factuur heeft een bankrekening nodig.",
  "check.misspelt":
    'De kop "{header}" in kolom {letter} lijkt een verschrijving van {meant}, en er is geen kolom {meant}; hernoem hem naar {meant}, anders ziet de facturatiedienst hem niet',
  "check.label.ref": 'factuur "{ref}"',
  "check.label.row": "rij {row}",
  "check.rows": { one: "rij {first}", other: "rijen {first}–{last}" },
  "check.value": "{column} {value} in cel {cell}",
  "check.list": "{list} en {last}",
  "check.cellError": "cel {cell} ({column}) bevat {error}; verbeter de waarde of de formule",
  "check.idHint":
    "is geen id van de facturatiedienst (een UUID zoals 3f2504e0-4f89-11d3-9a0c-0305e82c3301)",
  "check.dateHint":
    "is geen datum die de invoegtoepassing kan lezen; schrijf hem als ISO-datum zoals 2026-03-01 (of 2026-03-01T00:00:00+01:00), of voer hem in als Excel-datum",
  "check.localDateHint":
    "is geen datum die de invoegtoepassing kan lezen; schrijf hem als {local} (de volgorde van deze werkmap{culture}) of als ISO-datum zoals 2026-03-01, of voer hem in als Excel-datum",
  "check.notOneOf": "is niet een van {values}",
  "check.nothingToBill.noColumns":
    "Niets te factureren in rij {row}: het blad heeft geen kolom quantity, unitPrice, amount of description; voeg de kolommen toe die zeggen wat de regel in rekening brengt",
  "check.nothingToBill.empty": {
    one: "Niets te factureren in rij {row}: {list} is leeg; vul in wat de regel in rekening brengt (een aantal en een prijs per eenheid, een bedrag of een omschrijving)",
    other:
      "Niets te factureren in rij {row}: {list} zijn leeg; vul in wat de regel in rekening brengt (een aantal en een prijs per eenheid, een bedrag of een omschrijving)",
  },
  "check.tooLong": "{column} in cel {cell} is {length} tekens lang; het maximum is {limit}",
  "check.taxCodeEmpty": "taxCodeId is leeg in cel {cell}; elke regel heeft een btw-code-id nodig",
  "check.negative": "{column} {value} in cel {cell} is negatief: {reason}",
  "check.negativeReason":
    "negatieve bedragen zijn niet toegestaan op een incidentele factuur; maak een creditnota in de facturatiedienst",
  "check.endBeforeStart": "endDateTime in cel {end} ligt vóór startDateTime in cel {start}",
  "check.differs":
    "{column} {value} in cel {cell} wijkt af van {winner} op rij {row} van {label}; alle rijen van één factuur moeten dezelfde {column} hebben",
  "check.customerEmpty":
    "customerId is leeg voor {label}; elke factuur heeft een debiteur-id nodig",
  "check.bankEmpty":
    "companyBankAccountId en propertyGroupId zijn allebei leeg voor {label}; geef de bankrekening, of de vastgoedgroep (propertyGroupId) waarvan de bankrekening wordt gebruikt",
  "check.stray": {
    one: "Deze rij staat niet op factuur {invoiceId}, die eerder is gemaakt van rij {rows} van {label}, dus ze is niet gefactureerd; geef haar een eigen invoiceRef om haar apart te factureren",
    other:
      "Deze rij staat niet op factuur {invoiceId}, die eerder is gemaakt van rijen {rows} van {label}, dus ze is niet gefactureerd; geef haar een eigen invoiceRef om haar apart te factureren",
  },
  "check.shared.invoiceId": "een factuur-id hoort bij één factuur",
  "check.shared.externalReference": "een referentie hoort bij één factuur",
  "check.shared.invoiceNum": "een factuurnummer hoort bij één factuur",
  "check.shared.clearCopy":
    "Is een rij gekopieerd, maak dan in de kopie invoiceId, externalReference, status en invoiceNum leeg, zodat ze apart wordt gefactureerd",
  "check.shared.ownNumber":
    "Geef elke factuur een eigen nummer, of laat invoiceNum leeg zodat de facturatiedienst haar nummert",
  "check.shared.alsoOn": "{column} {value} in cel {cell} staat ook op {others}; {rule}. {fix}",
  "check.shared.copied":
    "{column} {value} in cel {cell} is gekopieerd van {original} ({rows}), die is goedgekeurd; deze rij is een kopie en staat niet op die factuur. {fix}",
  "check.stale.withNumber":
    'status "{status}" in cel {statusCell} en invoiceNum "{number}" in cel {numberCell} zijn over van een eerdere factuur, maar invoiceId en externalReference zijn leeg, dus het nummer zou opnieuw worden verstuurd. Maak status en invoiceNum leeg om deze rij opnieuw te factureren; zet de invoiceId terug om de eerdere factuur voort te zetten',
  "check.stale":
    'status "{status}" in cel {statusCell} is over van een eerdere factuur, maar invoiceId en externalReference zijn leeg. Maak status leeg om deze rij opnieuw te factureren; zet de invoiceId terug om de eerdere factuur voort te zetten',
  "check.unknownId":
    "{column} {id} in cel {cell} is onbekend bij de facturatiedienst (geen {noun} met dit id); {fix}",
  "check.id.customer": "debiteur",
  "check.id.customer.fix": "kies de debiteur opnieuw (tabblad Opzoeken, of de lijst)",
  "check.id.bankAccount": "bankrekening",
  "check.id.bankAccount.fix": "kies de bankrekening opnieuw uit de lijst",
  "check.id.taxCode": "btw-code",
  "check.id.taxCode.fix": "kies de btw-code opnieuw uit de lijst",
  "check.id.billingItem": "factuuronderdeel",
  "check.id.billingItem.fix": "kies het factuuronderdeel opnieuw uit de lijst",
  "check.id.serviceLocation": "aansluitadres",
  "check.id.serviceLocation.fix": "zoek de aansluitadressen van de debiteur op (tabblad Opzoeken)",
  "check.id.contract": "contract",
  "check.id.contract.fix": "zoek het contract op aan de hand van zijn nummer (tabblad Opzoeken)",
  "check.id.propertyGroup": "factureringsinstelling van de vastgoedgroep",
  "check.id.propertyGroup.fix":
    "controleer de propertyGroupId, of geef in plaats daarvan een companyBankAccountId",
  "check.contractNumber":
    'contractNumber "{number}" in cel {cell} is niet het nummer van contract {contract} in cel {contractCell} ({actual}); verbeter een van beide, of laat contractNumber leeg',
  "check.idCell": "{column} in cel {cell}",
  "check.notChecked": {
    one: "Niet gecontroleerd bij de facturatiedienst (die antwoordde niet): {cells}. {reason} Controleer opnieuw om het op te zoeken; bij een uitvoering controleert de dienst het bij het maken.",
    other:
      "Niet gecontroleerd bij de facturatiedienst (die antwoordde niet): {cells}. {reason} Controleer opnieuw om ze op te zoeken; bij een uitvoering controleert de dienst ze bij het maken.",
  },
  "check.andMore": "{cells} en nog {more}",
  "check.idsNotChecked": "De ids zijn niet gecontroleerd bij de facturatiedienst: {why}",
  "check.summary.rows": { one: "{count} rij", other: "{count} rijen" },
  "check.summary.invoices": { one: "{count} factuur", other: "{count} facturen" },
  "check.summary.lines": { one: "{count} regel", other: "{count} regels" },
  "check.summary.ready": "{invoices} klaar ({details})",
  "check.summary.toContinue": "{count} voort te zetten",
  "check.summary.alreadyApproved": "{count} al goedgekeurd",
  "check.summary.withProblems": "{invoices} met problemen ({rows}; problemen in {problems})",
  "num.notFinite": "is geen eindig getal",
  "num.boolean": "is WAAR/ONWAAR, geen getal",
  "num.comma":
    "bevat een komma; schrijf getallen met een punt als decimaalteken en zonder scheidingsteken voor duizendtallen (bijvoorbeeld 1234.5)",
  "num.notNumber": "is geen getal",
  "num.dotDecimal":
    'gebruikt "." als decimaalteken, maar deze werkmap schrijft decimalen met "{dec}"; schrijf {fixed}',
  "num.notNumberLocal": "is geen getal (bijvoorbeeld 1250{dec}5 of 12{dec}50)",
  "num.ambiguousGroup":
    'is dubbelzinnig: "{group}" scheidt in deze werkmap de duizendtallen, maar is elders een decimaalteken; schrijf {plain} zonder scheidingsteken (of {whole}{dec}00)',
  "num.ambiguousDecimal":
    'is dubbelzinnig: "{dec}" is het decimaalteken van deze werkmap, maar {text} leest elders als duizendtallen; schrijf {text}0 voor het decimale getal, of {whole}{fraction} voor het gehele getal',
  "num.cents": "heeft meer dan 2 decimalen; rond af op centen (bijvoorbeeld met =AFRONDEN(…;2))",
  "num.notBoolean": "is niet WAAR of ONWAAR",
  "act.lookIdsUp": "het opzoeken van de ids",
  "act.createInvoice": "het maken van de factuur",
  "act.approveInvoice": "het goedkeuren van de factuur",
  "act.readInvoice": "het lezen van de factuur",
  "act.readApprovalState": "het lezen van de goedkeuringsstatus van de factuur",
  "act.continueInvoice": "het voortzetten van de factuur",
  "act.searchByReference": "het zoeken op referentie",
  "act.findByReference": "het opzoeken van de factuur aan de hand van haar referentie",
  "act.checkDraft": "het controleren van het concept",
  "act.wouldApprove": "het beoordelen of het concept goedgekeurd zou worden",
  "act.deleteDraft": "het verwijderen van het concept",
  "act.deleteIt": "het verwijderen",
  "act.sendIt": "het verzenden",
  "act.creditIt": "het crediteren",
  "act.readBeforeActing": "het lezen van de factuur voordat ermee verder wordt gegaan",
  "err.refused": "De facturatiedienst weigerde {action}: {words}.",
  "err.refusedStatus": "De facturatiedienst weigerde {action} (HTTP {status}).",
  "err.notFound": "{action} is niet gelukt: de facturatiedienst kent het niet (niet gevonden).",
  "err.busy": "{action} is niet gelukt: de facturatiedienst heeft het te druk (te veel verzoeken).",
  "err.gateway": "{action} is niet gelukt: {problem}",
  "err.unavailable":
    "{action} is niet gelukt: de facturatiedienst was niet bereikbaar of antwoordde niet op tijd.",
  "err.cut": "De verbinding viel weg tijdens {action}; de uitkomst is onbekend.",
  "err.unexpected": "{action} is niet gelukt: onverwacht probleem ({text}).",
  "run.state.queued": "wachtend",
  "run.state.creating": "in aanmaak",
  "run.state.created": "gemaakt",
  "run.state.approving": "in goedkeuring",
  "run.state.approved": "goedgekeurd",
  "run.state.failed": "mislukt",
  "run.state.pending": "nog in goedkeuring",
  "run.state.unknown": "uitkomst onbekend",
  "run.state.notSent": "niet verzonden",
  "run.state.invalid": "ongeldig",
  "run.state.cancelled": "geannuleerd",
  "run.state.approvedEarlier": "eerder goedgekeurd",
  "run.state.creditedEarlier": "eerder gecrediteerd",
  "run.starting": "beginnen…",
  "run.nothingToDo": "niets te doen",
  "run.earlier.approved": "{count} eerder goedgekeurd: ongemoeid gelaten",
  "run.earlier.credited": "{count} eerder gecrediteerd: ongemoeid gelaten",
  "run.head.failed": "{count} mislukt",
  "run.head.unknown": "{count} met een open uitkomst",
  "run.head.invalid": "{count} niet verzonden (problemen in het blad)",
  "run.head.approved": "{count} goedgekeurd door deze uitvoering (nummers in {where})",
  "run.head.found":
    "{count} al goedgekeurd gevonden onder hun referenties (eerder gemaakt, niet opnieuw gefactureerd; nummers in {where})",
  "run.head.column": "kolom {column}",
  "run.head.numberColumn": "de kolom invoiceNum",
  "run.head.kept": {
    one: "{count} als concept gelaten (de dienst zou het weigeren)",
    other: "{count} als concept gelaten (de dienst zou ze weigeren)",
  },
  "run.head.drafted": "{count} als concept gemaakt om na te kijken",
  "run.head.open": "{count} nog open",
  "run.head.none": "Geen factuur goedgekeurd.",
  "run.head.unchanged": "Niets gewijzigd door deze uitvoering: {parts}.",
  "run.head.stopped": "Gestopt: {reason}",
  "run.nothing.approved": {
    one: "Niets gewijzigd: de factuur was al eerder goedgekeurd en blijft ongemoeid.",
    other:
      "Niets gewijzigd: alle {count} facturen waren al eerder goedgekeurd en blijven ongemoeid.",
  },
  "run.nothing.credited": {
    one: "Niets gewijzigd: de factuur was al eerder gecrediteerd en blijft ongemoeid.",
    other:
      "Niets gewijzigd: alle {count} facturen waren al eerder gecrediteerd en blijven ongemoeid.",
  },
  "run.nothing.both": {
    one: "Niets gewijzigd: de factuur was al eerder goedgekeurd of gecrediteerd en blijft ongemoeid.",
    other:
      "Niets gewijzigd: alle {count} facturen waren al eerder goedgekeurd of gecrediteerd en blijven ongemoeid.",
  },
  "run.detail.failed": {
    one: "{count} factuur mislukt: de reden staat op haar rijen.",
    other: "{count} facturen mislukt: de reden staat op hun rijen.",
  },
  "run.detail.unknown": {
    one: "{count} factuur met een open uitkomst: zie de melding op haar rijen — voer opnieuw uit om haar af te handelen.",
    other:
      "{count} facturen met een open uitkomst: zie de melding op hun rijen — voer opnieuw uit om ze af te handelen.",
  },
  "run.detail.invalid": {
    one: "{count} factuur niet verzonden wegens problemen in het blad: verbeter de rijen die als ongeldig zijn gemarkeerd.",
    other:
      "{count} facturen niet verzonden wegens problemen in het blad: verbeter de rijen die als ongeldig zijn gemarkeerd.",
  },
  "run.detail.created": {
    one: "{count} factuur gemaakt door deze uitvoering.",
    other: "{count} facturen gemaakt door deze uitvoering.",
  },
  "run.detail.approvingStopped": {
    one: "{count} factuur was al ter goedkeuring aangeboden en wordt door de dienst goedgekeurd; voer opnieuw uit om haar nummer op te halen.",
    other:
      "{count} facturen waren al ter goedkeuring aangeboden en worden door de dienst goedgekeurd; voer opnieuw uit om hun nummers op te halen.",
  },
  "run.detail.approving": {
    one: "{count} factuur nog in goedkeuring — voer opnieuw uit om verder te gaan.",
    other: "{count} facturen nog in goedkeuring — voer opnieuw uit om verder te gaan.",
  },
  "run.detail.kept": {
    one: "{count} factuur als concept gelaten: de dienst zou haar zo niet goedkeuren — de redenen staan op haar rijen.",
    other:
      "{count} facturen als concept gelaten: de dienst zou ze zo niet goedkeuren — de redenen staan op hun rijen.",
  },
  "run.detail.drafts": {
    one: "{count} factuur als concept gemaakt: bekijk haar hieronder en keur haar daar goed.",
    other: "{count} facturen als concept gemaakt: bekijk ze hieronder en keur ze daar goed.",
  },
  "run.detail.createdNotApproved": {
    one: "{count} factuur gemaakt, nog niet goedgekeurd — voer opnieuw uit om haar goed te keuren.",
    other:
      "{count} facturen gemaakt, nog niet goedgekeurd — voer opnieuw uit om ze goed te keuren.",
  },
  "run.detail.notSentRole": {
    one: "{count} factuur niet verzonden: uw account mag dit niet, dus opnieuw uitvoeren helpt niet.",
    other:
      "{count} facturen niet verzonden: uw account mag dit niet, dus opnieuw uitvoeren helpt niet.",
  },
  "run.detail.notSent": {
    one: "{count} factuur niet verzonden: ze heeft de facturatiedienst nooit bereikt — voer opnieuw uit om haar te verzenden.",
    other:
      "{count} facturen niet verzonden: ze hebben de facturatiedienst nooit bereikt — voer opnieuw uit om ze te verzenden.",
  },
  "run.detail.cancelled": {
    one: "{count} factuur niet begonnen omdat de uitvoering is geannuleerd — voer opnieuw uit om haar te maken.",
    other:
      "{count} facturen niet begonnen omdat de uitvoering is geannuleerd — voer opnieuw uit om ze te maken.",
  },
  "run.detail.rateLimited": {
    one: "{count} factuur wacht op de limiet van de dienst — voer opnieuw uit om verder te gaan.",
    other:
      "{count} facturen wachten op de limiet van de dienst — voer opnieuw uit om verder te gaan.",
  },
  "run.detail.notStartedRole": {
    one: "{count} factuur niet begonnen: uw account mag dit niet, dus opnieuw uitvoeren helpt niet.",
    other:
      "{count} facturen niet begonnen: uw account mag dit niet, dus opnieuw uitvoeren helpt niet.",
  },
  "run.detail.notStarted": {
    one: "{count} factuur niet begonnen — voer opnieuw uit om haar te maken.",
    other: "{count} facturen niet begonnen — voer opnieuw uit om ze te maken.",
  },
  "run.stop.line.cancelled": "Geannuleerd",
  "run.stop.line.auth": "Gestopt: meld u opnieuw aan",
  "run.stop.line.sheetWrite": "Gestopt: het blad kon niet worden bijgewerkt",
  "run.stop.line.unreachable": "Gestopt: de facturatiedienst was niet bereikbaar",
  "run.stop.line.rateLimited":
    "Gestopt: wachten op de limiet van de facturatiedienst — voer opnieuw uit om verder te gaan",
  "run.stop.cancelled": "Geannuleerd.",
  "run.stop.auth":
    "Gestopt: aanmelden mislukt: controleer het token en de API-sleutel onder Verbinding.",
  "run.stop.sheetWrite":
    "Gestopt: schrijven naar het blad is mislukt. Zorg dat het blad niet beveiligd is en niet wordt bewerkt.",
  "run.stop.unreachable": "Gestopt: de facturatiedienst was niet bereikbaar.",
  "run.stop.rateLimited":
    "Gestopt: wachten op de limiet van de facturatiedienst — voer opnieuw uit om verder te gaan.",
  "run.summary.none": "geen facturen",
  "run.summary": {
    one: "{what} in {seconds} s ({count} verzoek)",
    other: "{what} in {seconds} s ({count} verzoeken)",
  },
  "act.readBackAfterApprove": "het teruglezen van de factuur na het goedkeuren",
  "row.lead.notSent": "Niet verzonden",
  "row.lead.notContinued": "Niet voortgezet",
  "row.rows": { one: "rij {rows}", other: "rijen {rows}" },
  "row.sibling": {
    one: "{lead}: {rows} van {label} heeft een probleem.",
    other: "{lead}: {rows} van {label} hebben problemen.",
  },
  "row.notSent": "Niet verzonden.",
  "row.stop.cancelled": "De uitvoering is geannuleerd.",
  "row.stop.sheetWrite": "De uitvoering is gestopt omdat het blad niet kon worden bijgewerkt.",
  "row.stop.unreachable": "De facturatiedienst was niet bereikbaar.",
  "row.stop.rateLimited": "De facturatiedienst bleef vragen om te wachten (zijn limiet).",
  "row.waitingForLimit": "Wacht op de limiet van de dienst — voer opnieuw uit om verder te gaan.",
  "row.problem": "De facturatiedienst meldde een probleem met de factuur: {words}.",
  "row.noDetails": "geen details gegeven",
  "row.generationFailed":
    "De facturatiedienst kon de factuur niet aanmaken (status generationfailed).",
  "row.draft": "Concept: bekijk het en keur het goed in het taakvenster, of voer opnieuw uit.",
  "row.createdNotApproved": "Gemaakt, nog niet goedgekeurd.",
  "row.stillApproving": "Nog in goedkeuring — voer opnieuw uit om verder te gaan.",
  "row.notCreated": "Niet gemaakt.",
  "row.nothingSent": "Er is niets verzonden.",
  "row.notSentColon": "Niet verzonden:",
  "row.nothingReached": "niets heeft de facturatiedienst bereikt.",
  "row.notChecked": "Niet gecontroleerd.",
  "row.again.approve": "Voer opnieuw uit om de factuur goed te keuren.",
  "row.again.create": "Voer opnieuw uit om de factuur te maken.",
  "row.again.send": "Voer opnieuw uit om de factuur te verzenden.",
  "row.again.continue": "Voer opnieuw uit om verder te gaan.",
  "row.again.lookUp": "Voer opnieuw uit om de factuur op te zoeken.",
  "row.cutAfterCreate":
    "De verbinding viel weg nadat de factuur was verzonden, en terugzoeken op haar referentie {ref} mislukte ook; of ze is gemaakt, is dus nog open. Ze is niet opnieuw verzonden.",
  "row.referenceOpen":
    "Of er een factuur met de referentie {ref} bestaat, is nog open: het opzoeken is mislukt.",
  "row.secondUnchecked":
    "Of een tweede factuur dezelfde referentie {ref} draagt, kon niet worden gecontroleerd ({why}); voer opnieuw uit om het te controleren.",
  "row.secondPastDraft":
    "Een tweede factuur {id} draagt dezelfde referentie en is geen concept meer (status {status}); controleer haar in de facturatiedienst.",
  "row.existsNotFound":
    "De facturatiedienst zegt dat er een factuur met referentie {ref} bestaat, maar op die referentie is er geen gevonden; controleer het in de facturatiedienst.",
  "row.cutWhileSending": {
    one: "De verbinding viel {count} keer weg tijdens het verzenden van de factuur, en de facturatiedienst heeft er geen met haar referentie {ref}.",
    other:
      "De verbinding viel {count} keer weg tijdens het verzenden van de factuur, en de facturatiedienst heeft er geen met haar referentie {ref}.",
  },
  "row.readBackFailed":
    "{said} Teruglezen mislukte ook; of de goedkeuring is gelukt, is dus nog open.",
  "row.bulkStillDraft":
    "De facturatiedienst beantwoordde de bulkgoedkeuring, maar heeft de factuur nog als concept.",
  "row.bulkRefused": "De facturatiedienst weigerde de factuur goed te keuren: {words}.",
  "row.noReason": "geen reden gegeven",
  "row.noBankAccount":
    "De factureringsinstelling van vastgoedgroep {id} heeft geen bankrekening; vul companyBankAccountId in.",
  "row.noSuchInvoice":
    "De facturatiedienst heeft geen factuur {id} (niet gevonden); controleer de invoiceId, of maak invoiceId, externalReference en status leeg om de factuur opnieuw te maken.",
  "row.claim.conflict":
    "{count} facturen in de facturatiedienst dragen de referentie {ref} en zijn geen concept meer; controleer ze daar en zet het id van de juiste factuur in invoiceId.",
  "row.claim.second": "Een tweede factuur {id} met dezelfde referentie ({cause})",
  "row.claim.cause":
    "een aanmaakverzoek dat onderweg twee keer is verstuurd, of een ander taakvenster dat op hetzelfde moment dezelfde factuur maakte",
  "row.claim.deleted": "{what} was een concept en is verwijderd.",
  "row.claim.causeFound":
    "het eigen aanmaakverzoek van deze uitvoering, verstuurd voordat ze {id} onder dezelfde referentie vond",
  "row.claim.stillThere":
    "{what} staat nog als concept in de facturatiedienst; ze is niet goedgekeurd. Verwijder haar daar ({why})",
  "row.claim.deletedByOther":
    "Het concept {id} is verwijderd door een andere uitvoering die op hetzelfde moment dezelfde factuur maakte; voer opnieuw uit om de factuur te maken.",
  "row.claim.nowHolds":
    "Deze rij bevat nu {id}, de eerste factuur die onder haar referentie {ref} is gemaakt.",
  "row.match.foreign":
    "Factuur {id} draagt ook de referentie {ref} van deze rij, maar is niet de factuur van deze rij ({field} {held} waar de rij {row} zegt); ze is met rust gelaten.",
  "row.match.onlyForeign":
    "Niet gemaakt: de facturatiedienst heeft al factuur {id} onder de referentie {ref} van deze rij, en dat is niet de factuur van deze rij ({field} {held} waar de rij {row} zegt). Er is niets goedgekeurd of verwijderd. Vraag wie {id} heeft gemaakt; zet een nieuwe referentie in externalReference en voer opnieuw uit om deze rij te factureren.",
  "row.repeat":
    "Niet gefactureerd: deze rij lijkt op {what}, op {date} vanuit dit blad gemaakt onder dezelfde referentie {ref}. Is het die factuur, zet dan {id} in invoiceId; wilt u opnieuw factureren, zet dan een nieuwe referentie in externalReference (bijvoorbeeld {ref}-2). Voer daarna opnieuw uit.",
  "row.repeat.numbered": "factuur {num} ({status})",
  "check.repeat":
    "Lijkt op {what} van {date}, vanuit dit blad gemaakt onder dezelfde referentie {ref}: niet opnieuw verzonden. Is het die factuur, zet dan {id} in invoiceId; wilt u opnieuw factureren, zet dan een nieuwe referentie in externalReference (bijvoorbeeld {ref}-2).",
  "check.foreign":
    "De facturatiedienst heeft al factuur {id} onder de referentie {ref} van deze rij, en dat is niet de factuur van deze rij ({field} {held} waar de rij {row} zegt); vraag wie haar heeft gemaakt, of zet een nieuwe referentie in externalReference.",
  "check.references.found": {
    one: "Rij {rows} staat al in de facturatiedienst onder haar referentie (in deze sessie gemaakt: een uitvoering waarvan de resultaten ongedaan zijn gemaakt, of een ander taakvenster): de uitvoering neemt die factuur, er wordt niets dubbel gefactureerd.",
    other:
      "Rijen {rows} staan al in de facturatiedienst onder hun referenties (in deze sessie gemaakt: een uitvoering waarvan de resultaten ongedaan zijn gemaakt, of een ander taakvenster): de uitvoering neemt die facturen, er wordt niets dubbel gefactureerd.",
  },
  "check.references.unchecked":
    "Wat de facturatiedienst al onder de referenties van de rijen heeft, kon niet worden gecontroleerd ({why}); de uitvoering controleert het opnieuw voordat ze iets maakt.",
  "check.changedSince":
    "Rijen {rows} zeggen niet meer wat hun factuur {id} bevat (gewijzigd nadat ze is gemaakt): de factuur blijft zoals ze is; crediteer haar en factureer de rijen opnieuw om het verschil te factureren.",
  "check.orphan":
    "{what} ({id}), op {date} vanuit dit blad gemaakt, hoort bij geen enkele geselecteerde rij: is een rij gewijzigd na Ctrl+Z van haar resultaten, dan staat die factuur nog in de facturatiedienst; crediteer haar als ze niet mag blijven.",
  "row.repeat.draft": "het concept {id}",
  "row.claim.foundEarlier":
    "{id} gevonden, op {date} onder de referentie van deze rij gemaakt (een eerdere uitvoering van deze rijen, of een ander taakvenster): deze rij bevat haar, er is niets dubbel gefactureerd.",
  "row.claim.rounds":
    "{rounds} zoekopdrachten vonden nog steeds meerdere concepten die op hetzelfde moment onder de referentie {ref} zijn gemaakt; geen ervan is goedgekeurd. Voer opnieuw uit om ze af te handelen.",
  "act.approveInvoices": "het goedkeuren van de facturen",
  "id.state.queued": "wachtend",
  "id.state.failed": "mislukt",
  "id.state.unknown": "uitkomst onbekend",
  "id.state.refused": "geweigerd",
  "id.state.waiting": "wacht op de limiet",
  "id.state.cancelled": "geannuleerd",
  "id.send.working": "in verzending",
  "id.send.done": "verzonden",
  "id.send.alreadyDone": "eerder verzonden",
  "id.send.pending": "nog onderweg",
  "id.send.notSent": "niet verzonden",
  "id.credit.working": "in creditering",
  "id.credit.done": "gecrediteerd",
  "id.credit.alreadyDone": "eerder gecrediteerd",
  "id.credit.pending": "nog in creditering",
  "id.credit.notSent": "niet verzonden",
  "id.discard.working": "in verwijdering",
  "id.discard.done": "verwijderd",
  "id.discard.alreadyDone": "eerder verdwenen",
  "id.discard.pending": "nog in verwijdering",
  "id.discard.notSent": "niet verwijderd",
  "id.send.verb": "verzenden",
  "id.credit.verb": "crediteren",
  "id.discard.verb": "verwijderen",
  "id.send.participle": "verzonden",
  "id.credit.participle": "gecrediteerd",
  "id.discard.participle": "verwijderd",
  "id.word.done": "uitgevoerd",
  "id.head.failed": "{count} mislukt",
  "id.head.unknown": "{count} met een open uitkomst",
  "id.head.pending": "{count} nog in verzending",
  "id.head.notDone": "{count} niet {participle}",
  "id.head.waiting": "{count} wachtend op de limiet van de dienst",
  "id.head.cancelled": "{count} geannuleerd",
  "id.head.refused": "{count} geweigerd",
  "id.head.nothing": "niets te doen",
  "id.head.unchanged": "Niets gewijzigd: {body}",
  "id.done.sent": "{count} verzonden",
  "id.done.skipped": "{count} overgeslagen door de dienst",
  "id.done.alreadySent": "{count} al verzonden",
  "id.done.credited": {
    one: "{count} factuur gecrediteerd",
    other: "{count} facturen gecrediteerd",
  },
  "id.done.creditedTotal": {
    one: "{count} factuur gecrediteerd ({total} incl. btw teruggeboekt)",
    other: "{count} facturen gecrediteerd ({total} incl. btw teruggeboekt)",
  },
  "id.done.alreadyCredited": "{count} al gecrediteerd",
  "id.done.discarded": { one: "{count} concept verwijderd", other: "{count} concepten verwijderd" },
  "id.done.alreadyGone": "{count} al verdwenen",
  "id.detail.failed": {
    one: "{count} factuur mislukt: de reden staat op haar rij.",
    other: "{count} facturen mislukt: de reden staat op hun rijen.",
  },
  "id.detail.unknown": {
    one: "{count} factuur met een open uitkomst: zie haar rij — voer opnieuw uit om haar af te handelen (nooit twee keer uitgevoerd).",
    other:
      "{count} facturen met een open uitkomst: zie hun rijen — voer opnieuw uit om ze af te handelen (nooit twee keer uitgevoerd).",
  },
  "id.detail.refused": {
    one: "{count} factuur geweigerd: de reden staat op haar rij; er is niets mee gedaan.",
    other: "{count} facturen geweigerd: de reden staat op hun rijen; er is niets mee gedaan.",
  },
  "id.detail.pending": {
    one: "{count} factuur nog onderweg bij de dienst — voer opnieuw uit om te zien hoe ze ervoor staat.",
    other:
      "{count} facturen nog onderweg bij de dienst — voer opnieuw uit om te zien hoe ze ervoor staan.",
  },
  "id.detail.notDoneRole": {
    one: "{count} factuur niet {done}: uw account mag dit niet, dus opnieuw uitvoeren helpt niet.",
    other:
      "{count} facturen niet {done}: uw account mag dit niet, dus opnieuw uitvoeren helpt niet.",
  },
  "id.detail.neverReached": {
    one: "{count} factuur heeft de facturatiedienst nooit bereikt — voer opnieuw uit om haar te {verb}.",
    other:
      "{count} facturen hebben de facturatiedienst nooit bereikt — voer opnieuw uit om ze te {verb}.",
  },
  "id.detail.notDone": {
    one: "{count} factuur niet uitgevoerd (de reden staat op haar rij) — voer opnieuw uit om haar te {verb}.",
    other:
      "{count} facturen niet uitgevoerd (de reden staat op hun rijen) — voer opnieuw uit om ze te {verb}.",
  },
  "id.detail.waiting": {
    one: "{count} factuur wacht op de limiet van de dienst — voer opnieuw uit om haar te {verb}.",
    other:
      "{count} facturen wachten op de limiet van de dienst — voer opnieuw uit om ze te {verb}.",
  },
  "id.detail.notStarted": {
    one: "{count} factuur niet begonnen — voer opnieuw uit om haar te {verb}.",
    other: "{count} facturen niet begonnen — voer opnieuw uit om ze te {verb}.",
  },
  "row.signIn":
    "De facturatiedienst weigerde de aanmeldgegevens: meld u opnieuw aan, of controleer het token en de API-sleutel in de verbindingsinstellingen, en voer daarna opnieuw uit.",
  "id.row.notDone": "Niet {participle}: {reason}",
  "id.row.notDoneReadFirst": "Niet {participle}: {reason} Voer opnieuw uit.",
  "id.row.gone": "Niet {participle}: de facturatiedienst kent factuur {id} niet meer.",
  "id.row.refused": "De facturatiedienst weigerde {what}: {words}. Er is niets {participle}.",
  "id.row.stoppedWhile":
    "De uitvoering stopte terwijl de factuur werd {participle}: voer opnieuw uit (de factuur wordt eerst gelezen en nooit twee keer behandeld).",
  "id.row.waiting": "Wacht op de limiet van de dienst — voer opnieuw uit om verder te gaan.",
  "id.row.credentials":
    "de facturatiedienst weigerde de aanmeldgegevens; meld u opnieuw aan en voer daarna opnieuw uit.",
  "id.row.cancelledBefore": "Niet {participle}: de uitvoering is ervoor geannuleerd.",
  "id.row.stoppedBefore": "Niet {participle}: de uitvoering is ervoor gestopt.",
  "id.why.emptyStatus":
    "de status is leeg: alleen goedgekeurde facturen kunnen worden {participle}; voer eerst Maken en goedkeuren uit",
  "id.why.draftRow":
    "het is een concept: keur het eerst goed (alleen goedgekeurde facturen kunnen worden {participle})",
  "id.why.approvingRow":
    "de factuur wordt nog goedgekeurd: voer Maken en goedkeuren opnieuw uit om dat af te handelen en probeer het daarna opnieuw",
  "id.why.otherStatus":
    'de status is "{status}": alleen goedgekeurde facturen kunnen worden {participle}',
  "id.why.heldDraft":
    "de facturatiedienst heeft haar als concept: alleen goedgekeurde facturen kunnen worden {participle}",
  "id.why.heldApproving":
    "de facturatiedienst keurt haar nog goed: probeer het opnieuw als ze is goedgekeurd",
  "id.why.heldOther":
    'de facturatiedienst heeft haar als "{status}": alleen goedgekeurde facturen kunnen worden {participle}',
  "id.why.notFound":
    "de facturatiedienst heeft geen factuur {id} (niet gevonden); controleer de invoiceId",
  "id.why.creditedNotSent":
    "ze heeft een creditnota en is dus vervallen: een gecrediteerde factuur wordt niet naar de klant verzonden",
  "id.why.creditNote": "het is een creditnota, en een creditnota kan niet worden gecrediteerd",
  "id.why.neverDiscarded":
    "een goedgekeurde factuur wordt nooit verwijderd (crediteer haar in plaats daarvan)",
  "id.why.approvedRow": "de status is {status}: {never}",
  "id.why.approvingDraft": "ze wordt goedgekeurd: alleen concepten kunnen worden verwijderd",
  "id.why.emptyDraftStatus":
    "de status is leeg: alleen concepten (status created) kunnen worden verwijderd",
  "id.why.otherDraftStatus":
    'de status is "{status}": alleen concepten (status created) kunnen worden verwijderd',
  "id.why.serviceApproving": "de facturatiedienst keurt haar goed: {never}",
  "id.why.serviceHolds": 'de facturatiedienst heeft haar als "{status}": {never}',
  "id.why.otherReference":
    "de facturatiedienst heeft haar onder de referentie {held}, niet onder {row} van deze rij: het is niet de factuur van deze rij, en ze is met rust gelaten",
  "act.sendByEmail": "het verzenden per e-mail",
  "act.sendByPost": "het verzenden per post",
  "act.sendInvoices": "het verzenden van de facturen",
  "act.creditInvoices": "het crediteren van de facturen",
  "act.discardInvoices": "het verwijderen van de facturen",
  "id.send.row.stillSending":
    "Na {seconds} s nog in verzending: voer Naar klanten versturen opnieuw uit om de uitkomst te zien (ze wordt niet twee keer verzonden).",
  "id.send.row.stoppedSending":
    "De uitvoering stopte tijdens het verzenden: voer Naar klanten versturen opnieuw uit om de uitkomst te zien (ze wordt niet twee keer verzonden).",
  "id.send.row.alreadySent": "Al verzonden: niet opnieuw verzonden.",
  "id.send.row.alreadySkipped":
    "De facturatiedienst heeft het verzenden overgeslagen: niet opnieuw verzonden.",
  "id.send.row.alreadySending":
    "Al in verzending: niet opnieuw verzonden; voer Naar klanten versturen opnieuw uit om de uitkomst te zien.",
  "id.send.row.open":
    "{said} Of ze is verzonden, is open: voer Naar klanten versturen opnieuw uit (de factuur wordt eerst gelezen en nooit twee keer verzonden).",
  "id.send.row.openReadFailed":
    "{said} Ook het teruglezen mislukte. Of ze is verzonden, is open: voer Naar klanten versturen opnieuw uit (de factuur wordt eerst gelezen en nooit twee keer verzonden).",
  "id.send.row.stillFailed":
    "{said} De facturatiedienst toont het verzenden nog steeds als mislukt ({words}): verzend opnieuw als dat is verholpen.",
  "id.send.row.shownNotSent":
    "{said} De facturatiedienst toont haar als niet verzonden, dus er is niets verzonden: voer Naar klanten versturen opnieuw uit.",
  "id.send.row.failed": "Verzenden mislukt: {words}.",
  "id.send.row.skipped": "De facturatiedienst heeft het verzenden overgeslagen.",
  "id.send.row.sentByEmail": "Per e-mail naar de klant verzonden.",
  "id.send.row.sentByPost": "Per post naar de klant verzonden.",
  "id.credit.row.already": "Al gecrediteerd met creditnota {num}: niet opnieuw gecrediteerd.",
  "id.credit.row.done": "Gecrediteerd met creditnota {num}.",
  "id.credit.row.doneTotal": "Gecrediteerd met creditnota {num} ({total} incl. btw teruggeboekt).",
  "id.credit.row.open":
    "{said} Of ze is gecrediteerd, is dus open: voer Crediteren opnieuw uit (de factuur wordt eerst gelezen en nooit twee keer gecrediteerd).",
  "id.credit.row.openReadFailed":
    "{said} Ook het teruglezen mislukte, dus of ze is gecrediteerd, is open: voer Crediteren opnieuw uit (de factuur wordt eerst gelezen en nooit twee keer gecrediteerd).",
  "id.credit.row.noCreditNote":
    "{said} De facturatiedienst toont er geen creditnota voor: er is niets gecrediteerd. Voer Crediteren opnieuw uit.",
  "id.discard.row.done":
    "Concept {id} verwijderd: door deze uitvoering uit de facturatiedienst gewist. De rij heeft geen factuur meer; maak de status leeg om haar opnieuw te factureren.",
  "id.discard.row.gone":
    "Concept {id} stond niet meer in de facturatiedienst (eerder gewist): de rij is leeggemaakt. Maak de status leeg om haar opnieuw te factureren.",
  "id.discard.row.open":
    "{said} Of het concept is gewist, is dus open: voer Concepten verwijderen opnieuw uit (het concept wordt eerst gelezen).",
  "id.discard.row.openReadFailed":
    "{said} Ook het teruglezen mislukte, dus of het concept is gewist, is open: voer Concepten verwijderen opnieuw uit (het concept wordt eerst gelezen).",
  "id.discard.row.stillDraft":
    "{said} De facturatiedienst heeft het concept nog: er is niets verwijderd. Voer Concepten verwijderen opnieuw uit.",
  "id.valid.noDraft":
    "Niet goedgekeurd: er bestaat nog geen concept van (maak eerst concepten); er is niets verzonden.",
  "id.valid.rateLimit":
    "de facturatiedienst bleef vragen te wachten (zijn limiet) — voer opnieuw uit om verder te gaan.",
  "id.valid.cancelled": "de uitvoering is ervoor geannuleerd.",
  "id.valid.stopped": "de uitvoering is ervoor gestopt.",
  "id.valid.notApproved": "Niet goedgekeurd: {why} Het blijft een concept.",
  "id.valid.noBulk":
    "Niet goedgekeurd: deze facturatiedienst kan niet vooraf zeggen of hij een concept zou goedkeuren (hij biedt geen bulkgoedkeuring). Het blijft een concept; gebruik Concepten goedkeuren.",
  "id.valid.unasked":
    "Niet goedgekeurd: {said} Het blijft een concept; voer opnieuw uit om het opnieuw te vragen.",
  "id.valid.wouldRefuse":
    "Niet goedgekeurd: de facturatiedienst zou het weigeren: {words}. Het blijft een concept; verbeter het en keur het daarna goed.",
  "id.valid.noReason": "hij gaf geen reden",
  "id.valid.unnamed":
    "Niet goedgekeurd: het oordeel van de facturatiedienst noemde het niet. Het blijft een concept; voer opnieuw uit om het opnieuw te vragen.",
  "id.change.sent": "verzonden",
  "id.change.sentByEmail": "verzonden per e-mail",
  "id.change.sentByPost": "verzonden per post",
  "id.change.credited": "gecrediteerd",
  "id.change.foundCreditNote": "creditnota gevonden",
  "id.change.failed": "mislukt",
  "id.change.discarded": "verwijderd",
  "id.change.foundGone": "al verdwenen gevonden",
  "id.plan.noIdColumn":
    "Niet {participle}: het blad heeft geen kolom invoiceId; voer eerst Maken en goedkeuren uit.",
  "id.plan.notServiceId": 'de invoiceId "{id}" is geen id van de facturatiedienst.',
  "id.plan.noIdDrafts":
    "Niet {participle}: de rij heeft geen invoiceId; alleen concepten kunnen worden {participle}.",
  "id.plan.noIdApproved":
    "Niet {participle}: de rij heeft geen invoiceId; alleen goedgekeurde facturen kunnen worden {participle}.",
  "id.plan.copyElsewhere":
    "haar invoiceId {id} staat ook op rijen van een andere factuur; een factuur-id hoort bij één factuur",
  "id.plan.copyOf":
    "haar invoiceId {id} is gekopieerd van {rows}, die is goedgekeurd; deze rij is een kopie en staat niet op die factuur",
  "id.plan.row": "rij {row}",
  "id.plan.rows": "rijen {first}–{last}",
  "id.plan.copy":
    "Niet {participle}: {what}. Is een rij gekopieerd, maak dan invoiceId, externalReference, status en invoiceNum in de kopie leeg, zodat ze op zichzelf wordt gefactureerd.",
  "run.change.created": "gemaakt",
  "run.change.found": "gevonden",
  "run.change.linked": "gekoppeld",
  "run.change.deletedDuplicate": "dubbel concept verwijderd",
  "run.change.sentForApproval": "ter goedkeuring verzonden",
  "run.change.approved": "goedgekeurd",
  "run.change.failed": "mislukt",
  "run.change.outcomeUnknown": "uitkomst onbekend",
  "id.noReason": "de facturatiedienst gaf geen reden",
  "id.row.creditNoteNamed": "Creditnota {number}.",
  "id.markSent.working": "wordt als verzonden gemarkeerd",
  "id.markSent.done": "als verzonden gemarkeerd",
  "id.markSent.alreadyDone": "eerder verzonden",
  "id.markSent.pending": "aangenomen, nog niet als verzonden getoond",
  "id.markSent.notSent": "niet gemarkeerd",
  "id.markSent.verb": "markeren",
  "id.markSent.participle": "als verzonden gemarkeerd",
  "id.markSent.pane.already": {
    one: "{count} factuur al verzonden (of onderweg): niet opnieuw gemarkeerd.",
    other: "{count} facturen al verzonden (of onderweg): niet opnieuw gemarkeerd.",
  },
  "id.markSent.pane.button": "Als verzonden markeren",
  "id.markSent.pane.buttonTitle":
    "Leg facturen die u zelf hebt overhandigd (met de hand, uit uw eigen mailbox) vast als verzonden; de dienst verstuurt niets",
  "id.markSent.pane.confirmTitle": {
    one: "{count} factuur als verzonden markeren? U hebt haar zelf overhandigd; de facturatiedienst verstuurt niets.",
    other:
      "{count} facturen als verzonden markeren? U hebt ze zelf overhandigd; de facturatiedienst verstuurt niets.",
  },
  "id.markSent.pane.confirm": "{count} als verzonden markeren",
  "id.markSent.pane.refused": {
    one: "{count} geweigerd — daarvoor wordt niets gemarkeerd:",
    other: "{count} geweigerd — daarvoor wordt niets gemarkeerd:",
  },
  "id.markSent.pane.nothing": "Niets als verzonden te markeren.",
  "id.markSent.pane.warning":
    "De facturatiedienst verstuurt deze facturen daarna nooit meer zelf: markeer alleen wat de klanten al hebben.",
  "id.markSent.pane.nothingToDo":
    "Niets als verzonden te markeren: selecteer de rijen van goedgekeurde facturen (met hun kopregel erboven).",
  "id.done.markedSent": "{count} als verzonden gemarkeerd",
  "id.why.creditedNotMarked":
    "ze heeft een creditnota en is dus vervallen: een gecrediteerde factuur wordt niet als verzonden gemarkeerd",
  "act.markItSent": "het als verzonden markeren",
  "act.markSentInvoices": "het als verzonden markeren van de facturen",
  "id.markSent.row.done":
    "Als verzonden gemarkeerd: buiten de facturatiedienst overhandigd (de dienst verzond niets).",
  "id.markSent.row.alreadySent": "Al verzonden: niet opnieuw gemarkeerd.",
  "id.markSent.row.alreadySending":
    "De facturatiedienst verzendt haar: niet als verzonden gemarkeerd; voer Naar klanten versturen uit om de uitkomst te zien.",
  "id.markSent.row.alreadySkipped":
    "De facturatiedienst heeft het verzenden overgeslagen: niet als verzonden gemarkeerd.",
  "id.markSent.row.open":
    "{said} Of ze als verzonden is gemarkeerd, is dus open: voer Als verzonden markeren opnieuw uit (de factuur wordt eerst gelezen en nooit twee keer gemarkeerd).",
  "id.markSent.row.openReadFailed":
    "{said} Ook het teruglezen mislukte, dus of ze als verzonden is gemarkeerd, is open: voer Als verzonden markeren opnieuw uit (de factuur wordt eerst gelezen en nooit twee keer gemarkeerd).",
  "id.markSent.row.notMarked":
    "{said} De facturatiedienst toont haar als niet verzonden: er is niets gemarkeerd. Voer Als verzonden markeren opnieuw uit.",
  "id.markSent.row.taken":
    "De facturatiedienst nam haar aan maar toont haar nog niet als verzonden: voer Als verzonden markeren opnieuw uit om te zien hoe ze ervoor staat (de factuur wordt eerst gelezen).",
  "id.change.markedSent": "als verzonden gemarkeerd",
} as const satisfies PartCatalogue<EnglishInvoices>;
