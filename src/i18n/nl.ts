/**
 * De Nederlandse teksten: dezelfde sleutels als en.ts, met dezelfde `{placeholders}` (anders een
 * typefout in messages.ts). Function names (BILLING.TARIFF …) and the service's field names
 * (invoiceRef, apim-sub …) stay as they are.
 */
import { nlFunctions } from "./functions-nl";
import { nlInvoices } from "./invoices-nl";
import type { Catalogue } from "./types";

export const nl = {
  // The custom functions' messages (functions-nl.ts): the pane shows some of them too.
  ...nlFunctions,
  // The invoice engine's messages (invoices-nl.ts): src/invoices says them in the pane's language.
  ...nlInvoices,
  "pane.refresh.title":
    "Kosten en tarieven opnieuw ophalen en elke BILLING-functie opnieuw berekenen",
  "pane.refresh": "Vernieuwen",
  "pane.connection.checking": "Verbinding controleren…",
  "pane.tab.invoices": "Facturen",
  "pane.tab.lookups": "Opzoeken",
  "pane.tab.connection": "Verbinding",
  "pane.empty.title": "Facturen maken van rijen",
  "pane.empty.step1": "Nog geen blad? *Sjabloon invoegen* voegt er een toe met de juiste kolommen.",
  "pane.empty.step2": "Selecteer de rijen met factuurregels (met hun kopregel erboven).",
  "pane.empty.step3":
    "Druk op *Controleren* en daarna op *Maken en goedkeuren*. Rijen met dezelfde `invoiceRef` worden één factuur.",
  "pane.empty.step3Reader":
    "Druk op *Controleren* om te zien of de rijen klaar zijn. Voor maken en goedkeuren is de rol {role} nodig.",
  "pane.check": "Controleren",
  "pane.create": "Maken en goedkeuren",
  "pane.createDrafts.title":
    "De facturen als concept maken, bekijken wat de dienst ervan maakte, en dan goedkeuren",
  "pane.createDrafts": "Concepten maken",
  "pane.checkProblems.label": "Problemen in het blad: druk op een probleem om de cel te selecteren",
  "pane.afterApproval.title": "Goedgekeurde facturen",
  "pane.afterApproval.hint":
    "Selecteer rijen van goedgekeurde facturen en verstuur ze naar de klanten of crediteer ze. Elk gebeurt één keer: opnieuw uitvoeren verstuurt of crediteert niets twee keer.",
  "pane.send": "Naar klanten versturen",
  "pane.credit": "Crediteren",
  "pane.runCard.label": "Uitvoering",
  "pane.sendBy": "Versturen per",
  "pane.channel.email": "E-mail",
  "pane.channel.post": "Post",
  "pane.confirmInvoices.label": "Facturen waarop deze uitvoering werkt",
  "pane.creditTyped": "Typ het aantal om te bevestigen",
  "pane.notNow": "Niet nu",
  "pane.progress.label": "Voortgang",
  "pane.cancel": "Annuleren",
  "pane.invoiceResults.title": "Facturen van deze uitvoering",
  "pane.invoiceResults.hint": "Klik op een factuur om haar rijen in het blad te selecteren.",
  "pane.drafts.title": "Concepten om na te kijken",
  "pane.drafts.hint":
    "De eigen totalen van de dienst en of hij elk concept zou goedkeuren. Klik op een concept om de factuur te zien zoals de klant haar ziet; vink concepten aan om ze te verwijderen.",
  "pane.approveDrafts": "Concepten goedkeuren",
  "pane.approveValid.title":
    "Alleen de concepten goedkeuren die de dienst zou goedkeuren; de andere blijven concept, met hun reden",
  "pane.approveValid": "Alleen geldige goedkeuren",
  "pane.discardDrafts.title":
    "De aangevinkte concepten verwijderen bij de facturatiedienst (nooit een goedgekeurde factuur)",
  "pane.discardDrafts": "Concepten verwijderen",
  "pane.previewFrame.title": "Voorbeeld van de factuur",
  "pane.insertTemplate": "Sjabloon invoegen",
  "pane.addExampleRow": "Een voorbeeldrij toevoegen",
  "pane.lookups.hint": "Zoek een id en zet het in de actieve cel of kopieer het.",
  "pane.lookups.kind": "Opzoeken",
  "pane.lookups.customers": "Klanten",
  "pane.lookups.contracts": "Contracten",
  "pane.lookups.taxCodes": "Btw-codes",
  "pane.lookups.bankAccounts": "Bankrekeningen",
  "pane.lookups.billingItems": "Factuuronderdelen",
  "pane.lookups.serviceLocations": "Aansluitadressen",
  "pane.lookups.search": "Zoeken",
  "pane.lookups.results": "Zoekresultaten",
  "pane.credential": "Aanmelding",
  "pane.credential.none": "Geen",
  "pane.credential.bearer": "Bearer-token (geplakt)",
  "pane.credential.gateway": "Aanmelden met uw werkaccount (gateway van het bedrijf)",
  "pane.signIn": "Aanmelden",
  "pane.signOut": "Afmelden",
  "pane.token.show": "Tonen",
  "pane.headers.title": "Extra headers",
  "pane.headers.hint":
    "Bij elke aanroep meegestuurd, bijv. `zf-tuuid`, `zf-ouuid`, `apim-sub`. Waarden van headers die geheim lijken, worden verborgen.",
  "pane.headers.add": "+ Header toevoegen",
  "pane.save": "Opslaan",
  "pane.testConnection": "Verbinding testen",
  "pane.useSimulator": "De lokale simulator gebruiken",
  "pane.lookups.query.customers": "Naam van de klant",
  "pane.baseUrl": "Basis-URL",
  "pane.signin.directory": "Directory-id (tenant) of URL van de autoriteit",
  "pane.signin.clientId": "Applicatie-id van de invoegtoepassing",
  "pane.signin.scope": "Scope van de gateway",
  "pane.token": "Token",
  "pane.pollInterval": "Controle-interval (s, 2–3)",
  "pane.approvalTimeout": "Wachttijd voor goedkeuring (s)",
  "pane.lookups.query.placeholder": "bijv. Jansen",

  "pane.connection.checkingUrl": "{url} controleren…",
  "pane.connection.connected": "Verbonden: {url}",
  "pane.connection.problem": "{url} — {problem}",
  "pane.signedInAs": "Aangemeld als {user}",
  "pane.refreshing": "Vernieuwen: BILLING-functies lezen de dienst opnieuw…",

  "card.cancelling": "Annuleren…",
  "card.approveDraftsCount": {
    one: "{count} concept goedkeuren",
    other: "{count} concepten goedkeuren",
  },
  "card.approveValidCount": "Alleen de {count} geldige goedkeuren",
  "card.discardDraftsCount": {
    one: "{count} concept verwijderen",
    other: "{count} concepten verwijderen",
  },
  "card.busy.checking": "De geselecteerde rijen lezen en controleren…",
  "card.busy.preparingCredit": "De geselecteerde rijen en hun facturen bij de dienst lezen…",
  "card.busy.preparing":
    "De geselecteerde rijen lezen en de dienst vragen hoe elke factuur ervoor staat…",
  "card.busy.cancelling": "Annuleren: lopende aanroepen maken af, er begint niets nieuws…",
  "card.busy.template": "Btw-codes, bankrekeningen en factuuronderdelen ophalen…",
  "card.starting": "beginnen…",
  "card.role.reader":
    "Uw account mag facturen lezen, maar niet maken, goedkeuren, versturen of crediteren (daarvoor is de rol {invoice} nodig). Vraag die aan bij uw IT-afdeling.",
  "card.role.none":
    "Uw account heeft geen rol voor de facturatiedienst, dus hier wordt niets aangeboden: voor het controleren van rijen, het sjabloon en het opzoeken is de rol {read} nodig, voor maken, goedkeuren, versturen en crediteren de rol {invoice}. Vraag een van beide aan bij uw IT-afdeling en meld u daarna opnieuw aan.",
  "card.progress": "{done} van {total} klaar — {text}",
  "card.elapsed": "{time} bezig",
  "card.discard.title": {
    one: "{count} concept verwijderen?",
    other: "{count} concepten verwijderen?",
  },
  "card.discard.warning": {
    one: "Het wordt verwijderd bij de facturatiedienst en zijn rijen worden leeggemaakt voor een nieuwe uitvoering. Een goedgekeurde factuur wordt nooit verwijderd.",
    other:
      "Ze worden verwijderd bij de facturatiedienst en hun rijen worden leeggemaakt voor een nieuwe uitvoering. Een goedgekeurde factuur wordt nooit verwijderd.",
  },
  "card.approve.title": {
    one: "{count} concept goedkeuren?",
    other: "{count} concepten goedkeuren?",
  },
  "card.approveValid.title": {
    one: "Het {count} concept goedkeuren dat de dienst zou goedkeuren?",
    other: "De {count} concepten goedkeuren die de dienst zou goedkeuren?",
  },
  "card.approve.warning":
    "Elk krijgt zijn officiële nummer: een goedgekeurde factuur kan niet meer worden gewijzigd of verwijderd, alleen gecrediteerd.",
  "card.nothingToCreate.problems": "Niets te maken: {problems}",
  "card.nothingToCreate.noRows": "Niets te maken: de selectie bevat geen factuurrijen.",
  "card.nothingToCreate.allBad": {
    one: "Niets te maken: elke factuur heeft rijen met problemen ({count} rij). Los ze op en controleer opnieuw.",
    other:
      "Niets te maken: elke factuur heeft rijen met problemen ({count} rijen). Los ze op en controleer opnieuw.",
  },
  "card.plan.continued": {
    one: "{count} eerder gemaakte factuur wordt voortgezet, niet opnieuw gemaakt.",
    other: "{count} eerder gemaakte facturen worden voortgezet, niet opnieuw gemaakt.",
  },
  "card.plan.finished": {
    one: "{count} eerder goedgekeurde factuur blijft ongemoeid.",
    other: "{count} eerder goedgekeurde facturen blijven ongemoeid.",
  },
  "card.plan.unknownColumns":
    "Kolommen die ongewijzigd worden doorgegeven (geen bekende velden van de dienst): {columns}.",
  "card.problem.row": "Rij {row}: {problems}",
  "card.problem.more": {
    one: "…en nog {count} rij met problemen, gemarkeerd in het blad.",
    other: "…en nog {count} rijen met problemen, gemarkeerd in het blad.",
  },
  "card.confirm.nothing": {
    one: "Niets te maken of voort te zetten: de factuur is eerder goedgekeurd en blijft ongemoeid. Toch uitvoeren?",
    other:
      "Niets te maken of voort te zetten: alle {count} facturen zijn eerder goedgekeurd en blijven ongemoeid. Toch uitvoeren?",
  },
  "card.confirm.toCreate": "{count} te maken",
  "card.confirm.toContinue": "{count} voort te zetten",
  "card.confirm.leftAlone": "{count} al goedgekeurd: blijven ongemoeid",
  "card.confirm.create": "Maken en goedkeuren: {parts}.",
  "card.confirm.invalid": {
    one: "{count} factuur met problemen wordt niet verstuurd.",
    other: "{count} facturen met problemen worden niet verstuurd.",
  },
  "card.connection.unreachable":
    "Onbereikbaar: de facturatiedienst antwoordde niet meer tijdens de uitvoering.",
  "card.connection.ok": "Verbonden",
  "card.pause": "Wachten op de limiet van de dienst — gaat verder over {seconds} s.",
  "card.preflight.auth":
    "Er is niets verstuurd: {problem} Druk daarna opnieuw op Maken en goedkeuren.",
  "card.preflight":
    "Er is niets verstuurd: {problem} Controleer de verbinding en druk dan opnieuw op Maken en goedkeuren.",

  "lookups.contracts.input": "Contractnummer of klant-id",
  "lookups.nameContains": "Naam bevat (optioneel)",
  "lookups.bankAccounts.input": "IBAN of rekeninghouder bevat (optioneel)",
  "lookups.placeholder": "bijv. {example}",
  "lookups.serviceLocations.input": "Naam, nummer of id van de klant",
  "lookups.tooLong": "Typ hoogstens {max} tekens.",
  "lookups.typeSomething": "Typ een {what} om naar te zoeken.",
  "lookups.noneFound": "Geen {kind} gevonden.",
  "lookups.showing": "{shown} van {total} getoond: verfijn de zoekopdracht.",
  "lookups.found": "{count} gevonden.",
  "lookups.detail.customerNumber": "klantnummer {number}",
  "lookups.detail.customer": "klant {name}",
  "lookups.detail.rate": "tarief {rate}%",
  "lookups.detail.default": "standaard",
  "lookups.detail.fixed": "vast",
  "lookups.detail.variable": "variabel",
  "lookups.detail.perUnit": "{kind} per {unit}",
  "lookups.putInCell": "In cel zetten",
  "lookups.copy": "Id kopiëren",
  "lookups.putIn": "In {address} gezet.",
  "lookups.copied": "Gekopieerd.",
  "lookups.searching": "Zoeken…",
  "lookups.noClipboard":
    "Het klembord is hier niet beschikbaar; selecteer het id en kopieer het zelf.",

  // Send and credit, results, drafts, cost report, errors, notes.
  "action.sent.already": {
    one: "{count} factuur al verstuurd (of onderweg): wordt niet opnieuw verstuurd.",
    other: "{count} facturen al verstuurd (of onderweg): worden niet opnieuw verstuurd.",
  },
  "action.send.refused": {
    one: "{count} geweigerd — daarvoor wordt niets verstuurd:",
    other: "{count} geweigerd — daarvoor wordt niets verstuurd:",
  },
  "action.writeState": "Hun stand naar de rijen schrijven",
  "action.writeReasons": "De redenen naar de rijen schrijven",
  "action.send.nothing": "Niets te versturen.",
  "action.send.title": {
    one: "{count} factuur naar de klant versturen?",
    other: "{count} facturen naar de klanten versturen?",
  },
  "action.send.byEmail": "{count} per e-mail versturen",
  "action.send.byPost": "{count} per post versturen",
  "action.credit.already": {
    one: "{count} factuur al gecrediteerd: de creditnota wordt naar de rijen geschreven, er wordt niets opnieuw gecrediteerd.",
    other:
      "{count} facturen al gecrediteerd: de creditnota's worden naar de rijen geschreven, er wordt niets opnieuw gecrediteerd.",
  },
  "action.credit.refused": {
    one: "{count} geweigerd — daarvoor wordt niets gecrediteerd:",
    other: "{count} geweigerd — daarvoor wordt niets gecrediteerd:",
  },
  "action.credit.nothing": "Niets te crediteren.",
  "action.credit.title": {
    one: "{count} factuur crediteren?",
    other: "{count} facturen crediteren?",
  },
  "action.credit.total": "Totaal dat wordt teruggedraaid: {incl} incl. btw ({excl} excl. btw).",
  "action.credit.totalsMissing": {
    one: "{count} factuur zonder totaal van de dienst telt niet mee in deze som.",
    other: "{count} facturen zonder totaal van de dienst tellen niet mee in deze som.",
  },
  "action.credit.warning": {
    one: "Dit kan niet ongedaan worden gemaakt: de factuur krijgt een creditnota met een eigen nummer.",
    other:
      "Dit kan niet ongedaan worden gemaakt: elke factuur krijgt een creditnota met een eigen nummer.",
  },
  "action.credit.typePrompt": "Typ {count} om te bevestigen",
  "action.credit.confirm": {
    one: "{count} factuur crediteren",
    other: "{count} facturen crediteren",
  },
  "action.refused.more": {
    one: "…en nog {count} weigering, uitgelegd op de rijen.",
    other: "…en nog {count} weigeringen, uitgelegd op de rijen.",
  },
  "action.invoice.total": "{amount} incl. btw",
  "action.invoice.noTotal": "geen totaal van de dienst",
  "action.invoice.more": { one: "…en nog {count} factuur.", other: "…en nog {count} facturen." },
  "money.thousands": ".",
  "money.decimal": ",",
  "rows.one": "Rij {row}",
  "rows.range": "Rijen {first}–{last}",
  "rows.list": "Rijen {rows}",
  "results.amount": "{amount} excl. btw",
  "results.row": "rij {row}",
  "results.invoice": "Factuur {ref}",
  "results.statusNumber": "{status}, nummer {number}",
  "results.select": "{rows}; selecteren in het blad",
  "results.notSent": {
    one: "Niet verstuurd: {rows} heeft problemen (zie de kolom message).",
    other: "Niet verstuurd: {rows} hebben problemen (zie de kolom message).",
  },
  "costReport.title": "Kostenrapport",
  "costReport.refresh": "Rapport vernieuwen",
  "costReport.hint":
    "Selecteer cellen met contract-ids en kies Kostenrapport: een nieuw blad met de kostenregels van elk contract en een grafiek. Op dat blad leest Rapport vernieuwen de dienst opnieuw.",
  "costReport.noIds":
    "De selectie ({address}) bevat geen contract-ids: selecteer de cellen met de ids en kies dan Kostenrapport.",
  "costReport.none":
    "Er is nog geen kostenrapport: selecteer de cellen met de contract-ids en kies dan Kostenrapport.",
  "costReport.several":
    "Deze werkmap heeft {count} kostenrapporten ({sheets}): ga naar het rapport dat u wilt vernieuwen en kies dan Rapport vernieuwen.",
  "costReport.sheet": "Kostenrapport",
  "costReport.subtitle":
    "Kosten op {date}; Rapport vernieuwen in het taakvenster werkt dit blad bij.",
  "costReport.sheetProblems": " Problemen: {count}, zie de kolom reason.",
  "costReport.fixedChart": "Vaste kosten per contract en product (EUR per jaar)",
  "costReport.variableChart": "Variabele tarieven per contract en product (EUR per eenheid)",
  "costReport.chart.fixed": "vast EUR/jaar",
  "costReport.chart.variable": "variabel EUR/eenheid",
  "costReport.chart.note": "opmerking",
  "costReport.reading": "De kosten van de contracten lezen…",
  "costReport.problems": "; problemen: {count}, elk op zijn rij",
  "costReport.wrote": '"{sheet}" geschreven: contracten: {contracts}, rijen: {rows}{problems}.',
  "costReport.refreshed": '"{sheet}" vernieuwd: contracten: {contracts}, rijen: {rows}{problems}.',
  "drafts.noAnswer": "De controle van de dienst gaf geen antwoord.",
  "drafts.notChecked": "Niet gecontroleerd (geannuleerd).",
  "drafts.noReason": "De dienst gaf geen reden.",
  "drafts.asking": "De dienst vragen of hij het zou goedkeuren…",
  "drafts.wouldApprove": "De dienst zou het goedkeuren.",
  "drafts.wouldRefuse": "De dienst zou het weigeren: {reasons}",
  "drafts.row": "rij {row}",
  "drafts.label.draft": "Concept {ref}",
  "drafts.label.sheet": "blad {amount} excl. btw",
  "drafts.label.service": "dienst {amount} excl. btw",
  "drafts.label.incl": "{amount} incl. btw",
  "drafts.label.differs": "het totaal van de dienst wijkt af van het blad",
  "drafts.label.open": "voorbeeld openen",
  "drafts.sheet": "Blad {amount}",
  "drafts.sheetNone": "Blad —",
  "drafts.service": "Dienst {amount} excl.",
  "drafts.serviceNone": "Dienst —",
  "drafts.mismatch": "Het totaal excl. btw van de dienst wijkt af van het bedrag in het blad.",
  "drafts.choose": "Concept {ref} kiezen ({customer})",
  "drafts.line.total": " — {amount} excl. btw",
  "drafts.staysDraft": "{ref} blijft concept: {reason}",
  "drafts.othersStay": {
    one: "1 ander concept blijft zoals het is.",
    other: "{count} andere concepten blijven zoals ze zijn.",
  },
  "drafts.notSaid": "de dienst heeft het niet gezegd.",
  "drafts.ticked": "het is aangevinkt om te verwijderen.",
  "drafts.askingAll": "De dienst vragen of hij ze zou goedkeuren…",
  "drafts.approveAll": "De dienst zou elk concept goedkeuren.",
  "drafts.refuseSome": "De dienst zou er {refused} van {total} weigeren; zie de redenen hieronder.",
  "drafts.cannotSay": "Deze dienst kan het niet zeggen vóór het goedkeuren.",
  "drafts.cannotCheck": "Deze facturatiedienst kan concepten niet controleren vóór het goedkeuren.",
  "refresh.failed": "Niet vernieuwd: {error}",
  "refresh.noAnswer":
    "Niet vernieuwd: de dienst antwoordt niet ({problem}). BILLING-cellen tonen fouten tot hij dat wel doet; druk dan opnieuw op Vernieuwen.",
  "refresh.done": "Vernieuwd: BILLING-functies hebben de dienst opnieuw gelezen.",
  "error.signInFailed":
    "Aanmelden mislukt: controleer het token en de API-sleutel onder Verbinding.",
  "error.settings": "{message}. Herstel het onder Verbinding.",
  "error.busy":
    "De facturatiedienst is bezet (te veel verzoeken). Probeer het over een minuut opnieuw.",
  "error.failedStatus": "De facturatiedienst gaf een fout (HTTP {status}). Probeer het zo opnieuw.",
  "error.unreachable":
    "De facturatiedienst is niet bereikbaar. Controleer de basis-URL onder Verbinding en gebruik Verbinding testen.",
  "error.notService":
    "Het adres onder Verbinding antwoordde niet zoals de facturatiedienst. Controleer de basis-URL.",
  "error.notFound": "Niet gevonden: {message}",
  "error.refused": "De facturatiedienst weigerde het: {message}",
  "error.unknown": "Er ging iets mis.",
  "error.unknownWith": "Er ging iets mis: {message}",
  "template.list.customers": "Klant",
  "template.list.taxCodes": "Btw-code",
  "template.list.bankAccounts": "Bankrekening",
  "template.list.billingItems": "Factuuronderdeel",
  "template.list.notInList": "{what} staat niet in de lijst",
  "template.list.pickId": "Kies een id ({what}) uit de keuzelijst.",
  "template.list.prompt": "Kies uit de lijst; de naam verschijnt in de kolom #{column}.",
  "template.sheet": "Facturen",
  "template.added":
    'Het blad "{sheet}" is toegevoegd. Vul rijen in, selecteer ze en druk op Controleren.',
  "template.example":
    'Een voorbeeldfactuur toegevoegd op rij {row} van "{sheet}" en geselecteerd. Druk op Maken en goedkeuren.',
  "template.exampleReader":
    'Een voorbeeldfactuur toegevoegd op rij {row} van "{sheet}" en geselecteerd. Druk op Controleren om te zien of hij klaar is.',
  "invoices.lookAlike.twice":
    "{rows} lijken twee keer dezelfde factuur ({labels}: dezelfde klant, regels en bedragen). Elk zou een eigen factuur worden; controleer dat vóór het maken.",
  "invoices.lookAlike.times":
    "{rows} lijken {times} keer dezelfde factuur ({labels}: dezelfde klant, regels en bedragen). Elk zou een eigen factuur worden; controleer dat vóór het maken.",
  "invoices.actingOn": {
    one: "Werkt op de {count} rij die u controleerde ({rows}), niet alleen op de probleemcel die Controleren selecteerde.",
    other:
      "Werkt op de {count} rijen die u controleerde ({rows}), niet alleen op de probleemcel die Controleren selecteerde.",
  },
  "invoices.selectCell": "De cel van rij {row} in het blad selecteren",
  "window.stillInFlight":
    "Nog bezig: {what}. Houd de werkmap open tot het klaar is; sluit ze nu, dan stopt de uitvoering waar ze is, en de volgende uitvoering op deze rijen rondt af wat open bleef.",

  // The functions' lookups, dates, INVOICES and TARIFFHISTORY.

  // The Connection tab and the credit prompt.
  "connection.hint.none":
    "Geen aanmelding: voor de lokale simulator, of een dienst die er geen nodig heeft.",
  "connection.hint.bearer":
    "De basis-URL is het adres van de facturatiedienst; plak het token dat u van IT kreeg en voeg de headers toe die nodig zijn (zf-tuuid, zf-ouuid, apim-sub).",
  "connection.hint.gateway":
    "De basis-URL is het adres van de gateway van uw bedrijf; headers zijn niet nodig. Meld u aan met uw werkaccount.",
  "connection.savedSecret": "•••• opgeslagen — typ om te vervangen",
  "connection.pasteToken": "Plak het bearer-token",
  "connection.secretMoved":
    "{what} is opgeslagen voor {from}; typ het opnieuw om het met {to} te gebruiken (een geheim gaat alleen naar het adres waarvoor het is ingevoerd).",
  "connection.newBaseUrl": "de nieuwe basis-URL",
  "connection.theToken": "Het token",
  "connection.headerValue": 'De waarde van header "{name}"',
  "connection.headerNameRequired": "De naam van de header is verplicht.",
  "connection.headerTwice": 'Header "{name}" staat er twee keer.',
  "connection.headerNeedsValue": 'Header "{name}" heeft een waarde nodig.',
  "connection.pollInterval": "Het controle-interval moet een aantal seconden zijn (2 tot 3).",
  "connection.approvalTimeout": "De wachttijd voor goedkeuring moet een aantal seconden zijn.",
  "connection.label.baseUrl": "Basis-URL",
  "connection.label.token": "Token",
  "connection.label.credential": "Aanmelding",
  "connection.label.directory": "Directory",
  "connection.label.clientId": "Applicatie-id",
  "connection.label.scope": "Scope van de gateway",
  "connection.label.pollInterval": "Controle-interval",
  "connection.label.approvalTimeout": "Wachttijd voor goedkeuring",
  "connection.label.secretHeaders": "Geheime headers",
  "connection.label.headers": "Headers",
  "connection.label.settings": "Instellingen",
  "connection.label.header": 'Header "{name}"',
  "connection.notValid": "De instellingen zijn niet geldig.",
  "connection.itSignIn":
    "Ingesteld door IT: de basis-URL en de aanmeldinstellingen kwamen met de invoegtoepassing. Meld u alleen aan; vraag IT om ze te wijzigen.",
  "connection.itBaseUrl":
    "Ingesteld door IT: de basis-URL kwam met de invoegtoepassing; vraag IT om die te wijzigen.",
  "connection.itBad":
    "De verbindingsinstellingen die met de invoegtoepassing kwamen zijn niet geldig ({problems}); de invoegtoepassing verstuurt daarom niets. Vraag IT om een verbeterde invoegtoepassing.",
  "connection.backToIt": "Terug naar de instellingen van IT",
  "connection.notSaved": "Niet opgeslagen: herstel de rood gemarkeerde velden.",
  "connection.saved": "Opgeslagen. De volgende aanroep gebruikt deze instellingen.",
  "connection.testing": "{url} testen…",
  "connection.backToSimulator": "Terug naar de lokale simulator.",
  "connection.backToItDone": "Terug naar de instellingen van IT.",
  "connection.notSignedIn": "Niet aangemeld: er gaat niets naar de gateway tot u zich aanmeldt.",
  "connection.signedIn": "Aangemeld als {user}.",
  "connection.signedInOffice": "Aangemeld als {user} (uw Office-account).",
  "connection.fixThenSignIn": "Herstel de rood gemarkeerde velden en druk dan op Aanmelden.",
  "connection.signingIn": "Aanmelden…",
  "connection.headerName": "Naam van de header",
  "connection.headerNamePlaceholder": "naam",
  "connection.headerValueLabel": "Waarde van de header",
  "connection.secret": "Geheim",
  "connection.remove": "Verwijderen",
  "card.typeExactly": "Typ precies {count}: het aantal facturen om te crediteren.",
  "card.nothingToSend":
    "Niets te versturen: selecteer de rijen van goedgekeurde facturen (met hun kopregel erboven).",
  "card.nothingToCredit":
    "Niets te crediteren: selecteer de rijen van goedgekeurde facturen (met hun kopregel erboven).",
  "connection.valuePlaceholder": "waarde",

  // Test connection's verdicts.
  "test.withheld": {
    one: "Niet verstuurd: {list} (opgeslagen {where}; een geheim gaat alleen naar het adres waarvoor het is ingevoerd). Typ het opnieuw om ermee te testen.",
    other:
      "Niet verstuurd: {list} (opgeslagen {where}; een geheim gaat alleen naar het adres waarvoor het is ingevoerd). Typ ze opnieuw om ermee te testen.",
  },
  "test.savedFor": "voor {address}",
  "test.savedForOther": "voor een ander adres",
  "test.cors":
    "De facturatiedienst (of de gateway ervoor) moet CORS-verzoeken van deze invoegtoepassing beantwoorden:",
  "test.ok": "Verbonden: de facturatiedienst op {url} antwoordde.",
  "test.notBilling": "Verkeerde URL: {url} antwoordde, maar het is niet de facturatiedienst.",
  "test.rootAddress":
    "Gebruik het hoofdadres van de dienst (schema, host en poort), zonder /api of een ander pad.",
  "test.blockedCors":
    "Geblokkeerd door CORS: {url} antwoordt, maar de browser laat de invoegtoepassing het antwoord niet lezen.",
  "test.unreachable": "Onbereikbaar: niets antwoordt op {url}.",
  "test.checkHost": "Controleer de hostnaam en poort, of de dienst draait, en uw netwerk of VPN.",
  "test.noAnswerRead":
    "Er kon geen antwoord worden gelezen van {url}: de host is onbereikbaar of het antwoord wordt door CORS geblokkeerd.",
  "test.checkHostRuns": "Controleer de hostnaam en of de dienst draait.",
  "test.timeout": "Geen antwoord van {url} op tijd.",
  "test.timeoutDetail":
    "De host is misschien onbereikbaar (firewall, VPN) of de dienst overbelast.",
  "test.refused": "De facturatiedienst weigerde de aanmeldgegevens (HTTP {status}).",
  "test.refusedDetail":
    "Controleer het bearer-token en de header met de API-sleutel (apim-sub), en de headers zf-tuuid / zf-ouuid.",
  "test.noEndpoints":
    "Verkeerde URL: {url} heeft geen eindpunten van de facturatiedienst (HTTP {status}).",
  "test.busy":
    "De facturatiedienst is bereikbaar maar bezet (HTTP 429). Probeer het over een minuut opnieuw.",
  "test.failed": "De facturatiedienst is bereikbaar maar gaf een fout (HTTP {status}).",
  "test.tryLater":
    "Probeer het later opnieuw; blijft het, meld het dan aan de beheerders van de dienst.",
  "test.answered": "De facturatiedienst antwoordde HTTP {status}.",

  // The sign-in dialog's page (src/signin-dialog).
  "dialog.openFromPane":
    "Deze pagina meldt u aan voor de invoegtoepassing Billing; open haar vanuit het tabblad Verbinding van de invoegtoepassing.",
  "dialog.signedIn": "Aangemeld. Dit venster sluit.",
  "dialog.failed": "Aanmelden mislukt.",
  "preview.cell.argumentError": "Een argument is de fout {code}.",
  "preview.cell.notANumber": '"{value}" is geen getal.',
  "preview.cell.rangeForValue": "Er is een bereik gegeven waar één waarde hoort.",
  "preview.cell.notEvaluated":
    "Niet berekend door het voorbeeld (alleen {namespace}-functies): {formula}",
  "preview.cell.unknownFunction": "Onbekende functie {name}.",
  "preview.cell.calculating": "Berekenen…",
  "preview.cell.notRegistered": "De invoegtoepassing heeft {name} niet geregistreerd.",
  "preview.cell.tooManyArguments": "{name} heeft hoogstens {count} argumenten.",
  "preview.cell.argumentRequired": "Het argument {name} is verplicht.",
  "preview.cell.notACell": "{address} is geen cel.",
  "preview.cell.noFields": "{address} bevat geen gegevenstype met velden.",
  "preview.cell.spillBlocked":
    "Het overloopbereik is niet leeg: maak de cellen eronder en rechts ervan leeg.",
  "preview.simulator": "Gesimuleerde dienst:",
  "preview.paneTitle": "Facturatie — taakvenster",
  "preview.title":
    "Voorbeeld — Billing for Excel (hulpmiddel voor ontwikkeling en demo, geen Excel)",
  "preview.newSheet": "Nieuw blad",
  "preview.openList": "De lijst openen",
  "preview.filter": "Filteren op {column}",
  "preview.selectAll": "(Alles selecteren)",
  "preview.blanks": "(Leeg)",
  "preview.retry": "Opnieuw",
  "preview.cancel": "Annuleren",
  "preview.limits": "grenzen per synchronisatie: 5 MB, 5 miljoen cellen",
  "preview.sheetBase": "Blad",
  "preview.label": "Voorbeeld — hulpmiddel voor ontwikkeling en demo, geen Excel",
  "preview.service": "Dienst van het bedrijf (verbinding van IT):",
  "preview.about":
    "Een kleine werkmap in de browser achter de Excel-aanroepen van de invoegtoepassing; het taakvenster en de BILLING-functies zijn de echte.",
  "preview.exampleSheet": "Voorbeeldblad met functies",
  "preview.recalculate": "Opnieuw berekenen",
  "preview.loadingFunctions": "Functies laden…",
  "preview.workbook": "Voorbeeldwerkmap",
  "preview.nameBox": "Naamvak (adres van de selectie)",
  "preview.formulaBar": "Formulebalk",
  "preview.cells": "Cellen",
  "preview.sheets": "Bladen",
  "preview.taskPane": "Taakvenster",
  "preview.host": "Host-profiel: {name}",
  "preview.functionsDescribed": "{count} functies beschreven",
  "preview.noMetadata": "functions.json niet gevonden",
  "preview.functionsRegistered": "{count} functies geregistreerd door het taakvenster",
} as const satisfies Catalogue;
