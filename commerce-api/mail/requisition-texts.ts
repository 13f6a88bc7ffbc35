/**
 * The texts of the requisition mails (issue 18) in the shop's five languages, beside the common texts of
 * texts.ts. Placeholders in braces are filled by `fill`; amounts come formatted in the recipient's language.
 */
import type { Locale } from '../domain/channel'

export type RequisitionTexts = {
  /** To the buyer: the basket went to approval. */
  submitted: { subject: string; intro: string; approvers: string; button: string }
  /** To each approver: a requisition waits for their decision. */
  request: {
    subject: string
    intro: string
    button: string
    approve: string
    reject: string
    /** What the two decision buttons do, and where else to decide. */
    linkNote: string
  }
  /** Why approval is needed, one line per limit. */
  reasons: {
    orderSpentLimit: string
    userBudget: string
    costCenterBudget: string
    costCenterBuyerBudget: string
  }
  /** A requisition's amounts, each labelled (the `{total}` of the intros): net, the tax on it, and gross. */
  amounts: string
  /**
   * The figures of a reason (issue 32), in the total the limit counts (the customer's budget price type): a
   * budget's spent, pending and this order apart; a per-order limit's order alone.
   */
  figures: { budget: string; order: string; gross: string; net: string }
  /** To the buyer: approved and placed as an order. */
  approved: { subject: string; intro: string; button: string }
  /** To the buyer: rejected by an approver, with their comment. */
  rejected: { subject: string; intro: string; comment: string; button: string }
  /** To the buyer and the approver: approved, but the shop could not place it as it was. */
  systemRejected: { subject: string; intro: string; button: string }
  /** To the buyer and the approvers: a pending requisition was withdrawn without a decision (ADR 0028). */
  withdrawn: {
    subject: string
    byBuyer: string
    buyerDeactivated: string
    approvers: string
    button: string
  }
  /** To the other approvers: someone decided. */
  decided: {
    approvedSubject: string
    rejectedSubject: string
    approved: string
    rejected: string
    button: string
  }
}

export const REQUISITION_TEXTS: Record<Locale, RequisitionTexts> = {
  en_US: {
    submitted: {
      subject: 'Your order awaits approval: requisition {no}',
      intro: 'Your order of {total} was submitted as requisition {no}. It needs approval because:',
      approvers: 'Who can approve it: {names}. We will let you know when it has been decided.',
      button: 'View requisition',
    },
    request: {
      subject: 'Please decide on requisition {no} from {buyer}',
      intro: '{buyer} submitted requisition {no} of {total}. It needs your approval because:',
      button: 'Review requisition',
      approve: 'Approve',
      reject: 'Reject (with a comment)',
      linkNote:
        'The two buttons open a confirmation page and work once, for {days} days, without logging in. You can also decide in the shop:',
    },
    reasons: {
      orderSpentLimit: 'it exceeds the order limit of {allowed} by {exceededBy}',
      userBudget: 'it exceeds the budget of {allowed} for the period by {exceededBy}',
      costCenterBudget: 'it exceeds the cost center budget of {allowed} by {exceededBy}',
      costCenterBuyerBudget: 'it exceeds the budget of {allowed} on the cost center by {exceededBy}',
    },
    amounts: '{net} net + {tax} tax = {gross} gross',
    figures: {
      budget: 'spent {spent}, pending approval {pending}, this order {order} ({priceType})',
      order: 'this order {order} ({priceType})',
      gross: 'gross amounts',
      net: 'net amounts',
    },
    approved: {
      subject: 'Requisition {no} was approved: order {orderNo}',
      intro: '{approver} approved your requisition {no}. It has been placed as order {orderNo}.',
      button: 'View order',
    },
    rejected: {
      subject: 'Requisition {no} was rejected',
      intro: '{approver} rejected your requisition {no}.',
      comment: 'Comment: {comment}',
      button: 'View requisition',
    },
    systemRejected: {
      subject: 'Requisition {no} could not be ordered',
      intro:
        'Requisition {no} was approved, but it can no longer be ordered as it was submitted, so the shop rejected it:',
      button: 'View requisition',
    },
    decided: {
      approvedSubject: 'Requisition {no} was approved',
      rejectedSubject: 'Requisition {no} was rejected',
      approved: '{approver} approved requisition {no} of {buyer}. Nothing more is needed from you.',
      rejected: '{approver} rejected requisition {no} of {buyer}. Nothing more is needed from you.',
      button: 'View requisition',
    },
    withdrawn: {
      subject: 'Requisition {no} was withdrawn',
      byBuyer: 'Requisition {no} was withdrawn by {buyer}. It will not be ordered.',
      buyerDeactivated:
        'Requisition {no} of {buyer} was withdrawn because the buyer’s account was deactivated. It will not be ordered.',
      approvers:
        'Requisition {no} of {buyer} no longer waits for a decision. Nothing more is needed from you.',
      button: 'View requisition',
    },
  },
  de_DE: {
    submitted: {
      subject: 'Ihre Bestellung wartet auf Genehmigung: Bestellanforderung {no}',
      intro:
        'Ihre Bestellung über {total} wurde als Bestellanforderung {no} eingereicht. Sie muss genehmigt werden, weil:',
      approvers: 'Genehmigen können: {names}. Wir benachrichtigen Sie, sobald darüber entschieden wurde.',
      button: 'Bestellanforderung ansehen',
    },
    request: {
      subject: 'Bitte entscheiden Sie über die Bestellanforderung {no} von {buyer}',
      intro:
        '{buyer} hat die Bestellanforderung {no} über {total} eingereicht. Sie benötigt Ihre Genehmigung, weil:',
      button: 'Bestellanforderung prüfen',
      approve: 'Genehmigen',
      reject: 'Ablehnen (mit Kommentar)',
      linkNote:
        'Die beiden Schaltflächen öffnen eine Bestätigungsseite und funktionieren einmal, {days} Tage lang, ohne Anmeldung. Sie können auch im Shop entscheiden:',
    },
    reasons: {
      orderSpentLimit: 'sie das Bestelllimit von {allowed} um {exceededBy} überschreitet',
      userBudget: 'sie das Budget von {allowed} für den Zeitraum um {exceededBy} überschreitet',
      costCenterBudget: 'sie das Kostenstellenbudget von {allowed} um {exceededBy} überschreitet',
      costCenterBuyerBudget:
        'sie das Budget von {allowed} auf der Kostenstelle um {exceededBy} überschreitet',
    },
    amounts: '{net} netto + {tax} MwSt. = {gross} brutto',
    figures: {
      budget: 'ausgegeben {spent}, in Genehmigung {pending}, diese Bestellung {order} ({priceType})',
      order: 'diese Bestellung {order} ({priceType})',
      gross: 'Bruttobeträge',
      net: 'Nettobeträge',
    },
    approved: {
      subject: 'Bestellanforderung {no} wurde genehmigt: Bestellung {orderNo}',
      intro:
        '{approver} hat Ihre Bestellanforderung {no} genehmigt. Sie wurde als Bestellung {orderNo} aufgegeben.',
      button: 'Bestellung ansehen',
    },
    rejected: {
      subject: 'Bestellanforderung {no} wurde abgelehnt',
      intro: '{approver} hat Ihre Bestellanforderung {no} abgelehnt.',
      comment: 'Kommentar: {comment}',
      button: 'Bestellanforderung ansehen',
    },
    systemRejected: {
      subject: 'Bestellanforderung {no} konnte nicht bestellt werden',
      intro:
        'Die Bestellanforderung {no} wurde genehmigt, kann aber nicht mehr so bestellt werden, wie sie eingereicht wurde. Der Shop hat sie deshalb abgelehnt:',
      button: 'Bestellanforderung ansehen',
    },
    decided: {
      approvedSubject: 'Bestellanforderung {no} wurde genehmigt',
      rejectedSubject: 'Bestellanforderung {no} wurde abgelehnt',
      approved:
        '{approver} hat die Bestellanforderung {no} von {buyer} genehmigt. Von Ihnen ist nichts mehr nötig.',
      rejected:
        '{approver} hat die Bestellanforderung {no} von {buyer} abgelehnt. Von Ihnen ist nichts mehr nötig.',
      button: 'Bestellanforderung ansehen',
    },
    withdrawn: {
      subject: 'Bestellanforderung {no} wurde zurückgezogen',
      byBuyer: 'Bestellanforderung {no} wurde von {buyer} zurückgezogen. Sie wird nicht bestellt.',
      buyerDeactivated:
        'Bestellanforderung {no} von {buyer} wurde zurückgezogen, weil das Konto des Bestellers deaktiviert wurde. Sie wird nicht bestellt.',
      approvers:
        'Bestellanforderung {no} von {buyer} wartet nicht mehr auf eine Entscheidung. Sie müssen nichts mehr tun.',
      button: 'Bestellanforderung ansehen',
    },
  },
  fr_FR: {
    submitted: {
      subject: 'Votre commande attend une approbation : demande d’achat {no}',
      intro:
        'Votre commande de {total} a été soumise comme demande d’achat {no}. Elle doit être approuvée car :',
      approvers: 'Peuvent l’approuver : {names}. Nous vous informerons dès qu’une décision sera prise.',
      button: 'Voir la demande d’achat',
    },
    request: {
      subject: 'Merci de statuer sur la demande d’achat {no} de {buyer}',
      intro: '{buyer} a soumis la demande d’achat {no} de {total}. Elle nécessite votre approbation car :',
      button: 'Examiner la demande d’achat',
      approve: 'Approuver',
      reject: 'Refuser (avec un commentaire)',
      linkNote:
        'Les deux boutons ouvrent une page de confirmation et fonctionnent une seule fois, pendant {days} jours, sans connexion. Vous pouvez aussi décider dans la boutique :',
    },
    reasons: {
      orderSpentLimit: 'elle dépasse de {exceededBy} la limite de commande de {allowed}',
      userBudget: 'elle dépasse de {exceededBy} le budget de {allowed} pour la période',
      costCenterBudget: 'elle dépasse de {exceededBy} le budget du centre de coûts de {allowed}',
      costCenterBuyerBudget: 'elle dépasse de {exceededBy} le budget de {allowed} sur le centre de coûts',
    },
    amounts: '{net} HT + {tax} TVA = {gross} TTC',
    figures: {
      budget: 'dépensé {spent}, en attente d’approbation {pending}, cette commande {order} ({priceType})',
      order: 'cette commande {order} ({priceType})',
      gross: 'montants TTC',
      net: 'montants HT',
    },
    approved: {
      subject: 'La demande d’achat {no} a été approuvée : commande {orderNo}',
      intro: '{approver} a approuvé votre demande d’achat {no}. Elle a été passée comme commande {orderNo}.',
      button: 'Voir la commande',
    },
    rejected: {
      subject: 'La demande d’achat {no} a été refusée',
      intro: '{approver} a refusé votre demande d’achat {no}.',
      comment: 'Commentaire : {comment}',
      button: 'Voir la demande d’achat',
    },
    systemRejected: {
      subject: 'La demande d’achat {no} n’a pas pu être commandée',
      intro:
        'La demande d’achat {no} a été approuvée, mais elle ne peut plus être commandée telle qu’elle a été soumise ; la boutique l’a donc refusée :',
      button: 'Voir la demande d’achat',
    },
    decided: {
      approvedSubject: 'La demande d’achat {no} a été approuvée',
      rejectedSubject: 'La demande d’achat {no} a été refusée',
      approved:
        '{approver} a approuvé la demande d’achat {no} de {buyer}. Aucune action n’est requise de votre part.',
      rejected:
        '{approver} a refusé la demande d’achat {no} de {buyer}. Aucune action n’est requise de votre part.',
      button: 'Voir la demande d’achat',
    },
    withdrawn: {
      subject: 'La demande d’achat {no} a été retirée',
      byBuyer: 'La demande d’achat {no} a été retirée par {buyer}. Elle ne sera pas commandée.',
      buyerDeactivated:
        'La demande d’achat {no} de {buyer} a été retirée, car le compte de l’acheteur a été désactivé. Elle ne sera pas commandée.',
      approvers:
        'La demande d’achat {no} de {buyer} n’attend plus de décision. Vous n’avez plus rien à faire.',
      button: 'Voir la demande d’achat',
    },
  },
  pl_PL: {
    submitted: {
      subject: 'Twoje zamówienie czeka na zatwierdzenie: zapotrzebowanie {no}',
      intro:
        'Twoje zamówienie na kwotę {total} zostało złożone jako zapotrzebowanie {no}. Wymaga zatwierdzenia, ponieważ:',
      approvers: 'Zatwierdzić mogą: {names}. Powiadomimy Cię, gdy zapadnie decyzja.',
      button: 'Zobacz zapotrzebowanie',
    },
    request: {
      subject: 'Prosimy o decyzję w sprawie zapotrzebowania {no} od {buyer}',
      intro:
        '{buyer} złożył(a) zapotrzebowanie {no} na kwotę {total}. Wymaga ono Twojego zatwierdzenia, ponieważ:',
      button: 'Sprawdź zapotrzebowanie',
      approve: 'Zatwierdź',
      reject: 'Odrzuć (z komentarzem)',
      linkNote:
        'Oba przyciski otwierają stronę potwierdzenia i działają jeden raz, przez {days} dni, bez logowania. Możesz też zdecydować w sklepie:',
    },
    reasons: {
      orderSpentLimit: 'przekracza limit zamówienia {allowed} o {exceededBy}',
      userBudget: 'przekracza budżet {allowed} na okres o {exceededBy}',
      costCenterBudget: 'przekracza budżet centrum kosztów {allowed} o {exceededBy}',
      costCenterBuyerBudget: 'przekracza budżet {allowed} w centrum kosztów o {exceededBy}',
    },
    amounts: '{net} netto + {tax} VAT = {gross} brutto',
    figures: {
      budget: 'wydano {spent}, oczekuje na zatwierdzenie {pending}, to zamówienie {order} ({priceType})',
      order: 'to zamówienie {order} ({priceType})',
      gross: 'kwoty brutto',
      net: 'kwoty netto',
    },
    approved: {
      subject: 'Zapotrzebowanie {no} zostało zatwierdzone: zamówienie {orderNo}',
      intro:
        '{approver} zatwierdził(a) Twoje zapotrzebowanie {no}. Zostało złożone jako zamówienie {orderNo}.',
      button: 'Zobacz zamówienie',
    },
    rejected: {
      subject: 'Zapotrzebowanie {no} zostało odrzucone',
      intro: '{approver} odrzucił(a) Twoje zapotrzebowanie {no}.',
      comment: 'Komentarz: {comment}',
      button: 'Zobacz zapotrzebowanie',
    },
    systemRejected: {
      subject: 'Nie udało się zamówić zapotrzebowania {no}',
      intro:
        'Zapotrzebowanie {no} zostało zatwierdzone, ale nie można go już zamówić w takiej postaci, w jakiej zostało złożone, dlatego sklep je odrzucił:',
      button: 'Zobacz zapotrzebowanie',
    },
    decided: {
      approvedSubject: 'Zapotrzebowanie {no} zostało zatwierdzone',
      rejectedSubject: 'Zapotrzebowanie {no} zostało odrzucone',
      approved: '{approver} zatwierdził(a) zapotrzebowanie {no} od {buyer}. Nie musisz nic więcej robić.',
      rejected: '{approver} odrzucił(a) zapotrzebowanie {no} od {buyer}. Nie musisz nic więcej robić.',
      button: 'Zobacz zapotrzebowanie',
    },
    withdrawn: {
      subject: 'Zapotrzebowanie {no} zostało wycofane',
      byBuyer: 'Zapotrzebowanie {no} zostało wycofane przez {buyer}. Nie zostanie zamówione.',
      buyerDeactivated:
        'Zapotrzebowanie {no} użytkownika {buyer} zostało wycofane, ponieważ konto kupującego zostało dezaktywowane. Nie zostanie zamówione.',
      approvers:
        'Zapotrzebowanie {no} użytkownika {buyer} nie czeka już na decyzję. Nic więcej nie musisz robić.',
      button: 'Zobacz zapotrzebowanie',
    },
  },
  ro_RO: {
    submitted: {
      subject: 'Comanda dvs. așteaptă aprobarea: solicitarea {no}',
      intro:
        'Comanda dvs. în valoare de {total} a fost trimisă ca solicitarea {no}. Are nevoie de aprobare deoarece:',
      approvers: 'O pot aproba: {names}. Vă anunțăm când s-a luat o decizie.',
      button: 'Vezi solicitarea',
    },
    request: {
      subject: 'Vă rugăm să decideți asupra solicitării {no} de la {buyer}',
      intro:
        '{buyer} a trimis solicitarea {no} în valoare de {total}. Are nevoie de aprobarea dvs. deoarece:',
      button: 'Verifică solicitarea',
      approve: 'Aprobă',
      reject: 'Respinge (cu un comentariu)',
      linkNote:
        'Cele două butoane deschid o pagină de confirmare și funcționează o singură dată, timp de {days} zile, fără autentificare. Puteți decide și în magazin:',
    },
    reasons: {
      orderSpentLimit: 'depășește limita de comandă de {allowed} cu {exceededBy}',
      userBudget: 'depășește bugetul de {allowed} pentru perioadă cu {exceededBy}',
      costCenterBudget: 'depășește bugetul centrului de cost de {allowed} cu {exceededBy}',
      costCenterBuyerBudget: 'depășește bugetul de {allowed} pe centrul de cost cu {exceededBy}',
    },
    amounts: '{net} net + {tax} TVA = {gross} brut',
    figures: {
      budget: 'cheltuit {spent}, în așteptarea aprobării {pending}, această comandă {order} ({priceType})',
      order: 'această comandă {order} ({priceType})',
      gross: 'sume brute',
      net: 'sume nete',
    },
    approved: {
      subject: 'Solicitarea {no} a fost aprobată: comanda {orderNo}',
      intro: '{approver} a aprobat solicitarea dvs. {no}. A fost plasată ca și comanda {orderNo}.',
      button: 'Vezi comanda',
    },
    rejected: {
      subject: 'Solicitarea {no} a fost respinsă',
      intro: '{approver} a respins solicitarea dvs. {no}.',
      comment: 'Comentariu: {comment}',
      button: 'Vezi solicitarea',
    },
    systemRejected: {
      subject: 'Solicitarea {no} nu a putut fi comandată',
      intro:
        'Solicitarea {no} a fost aprobată, dar nu mai poate fi comandată așa cum a fost trimisă, de aceea magazinul a respins-o:',
      button: 'Vezi solicitarea',
    },
    decided: {
      approvedSubject: 'Solicitarea {no} a fost aprobată',
      rejectedSubject: 'Solicitarea {no} a fost respinsă',
      approved:
        '{approver} a aprobat solicitarea {no} de la {buyer}. Nu mai este nevoie de nimic din partea dvs.',
      rejected:
        '{approver} a respins solicitarea {no} de la {buyer}. Nu mai este nevoie de nimic din partea dvs.',
      button: 'Vezi solicitarea',
    },
    withdrawn: {
      subject: 'Solicitarea {no} a fost retrasă',
      byBuyer: 'Solicitarea {no} a fost retrasă de {buyer}. Nu va fi comandată.',
      buyerDeactivated:
        'Solicitarea {no} de la {buyer} a fost retrasă, deoarece contul cumpărătorului a fost dezactivat. Nu va fi comandată.',
      approvers:
        'Solicitarea {no} de la {buyer} nu mai așteaptă o decizie. Nu mai este nevoie de nimic din partea dvs.',
      button: 'Vezi solicitarea',
    },
  },
}
